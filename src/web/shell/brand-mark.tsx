/** The logo mark (the same drawing as public/favicon.svg). Decorative: the brand name is text beside it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" className="fill-accent" />
      <path
        d="M9 8h7.5a8 8 0 0 1 0 16H9z"
        fill="none"
        strokeWidth="3.2"
        strokeLinejoin="round"
        className="stroke-accent-fg"
      />
    </svg>
  )
}
