// Replacing a file with content of another type ("report.pdf" with "report.docx"): the file keeps its
// name unless the person chooses the new extension, so the mismatch is pointed out first.

/** ".pdf" of "report.pdf", lower-case; '' without one (a leading dot alone, ".env", is not one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 && dot < name.length - 1 ? name.slice(dot).toLowerCase() : ''
}

export interface ExtensionChange {
  from: string
  to: string
  /** The file's name with the new content's extension. */
  renamed: string
}

/** The change a replacement brings, or null when the chosen content has the same (or no) extension. */
export function extensionChange(currentName: string, chosenName: string): ExtensionChange | null {
  const from = extensionOf(currentName)
  const to = extensionOf(chosenName)
  if (!to || to === from) return null
  const base = from ? currentName.slice(0, currentName.length - from.length) : currentName
  const original = chosenName.slice(chosenName.length - to.length)
  return { from, to, renamed: `${base}${original}` }
}
