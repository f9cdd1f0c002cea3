import { accentPalette } from '../../../shared/color'

/** The accent as buttons will show it, in both themes. */
export function AccentPreview({ hex }: { hex: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg-muted">How buttons and links will look in the light and dark themes:</p>
      <div className="flex flex-wrap gap-3">
        {(['light', 'dark'] as const).map((theme) => {
          const p = accentPalette(hex, theme)
          return (
            <div
              key={theme}
              className="flex items-center gap-3 rounded-md border border-border p-3"
              style={{ background: theme === 'light' ? '#ffffff' : '#111827' }}
            >
              <span
                className="rounded-md px-3 py-1.5 text-sm font-semibold"
                style={{ background: p.accent, color: p.accentFg }}
              >
                Button
              </span>
              <span className="text-sm font-medium" style={{ color: p.accent }}>
                {theme === 'light' ? 'Light theme link' : 'Dark theme link'}
              </span>
            </div>
          )
        })}
      </div>
    </div>
  )
}
