/**
 * "Skip to files": the first thing a keyboard reaches on a folder page, past the upload and toolbar
 * controls to the listing's one tab stop. Hidden until it has focus, like the page's own skip link.
 */
export function SkipToFiles() {
  return (
    <button
      type="button"
      className="sr-only focus:not-sr-only focus:self-start focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:text-fg focus:ring-2 focus:ring-accent"
      onClick={() => {
        document.querySelector<HTMLElement>('[data-listing] [data-row-primary][tabindex="0"]')?.focus()
      }}
    >
      Skip to files
    </button>
  )
}
