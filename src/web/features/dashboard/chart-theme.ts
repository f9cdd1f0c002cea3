// The charts' colours are the theme's CSS variables, set through classes (CSS wins over SVG's own
// attributes), so light and dark both follow the theme toggle without the charts knowing about it.

/** Series fills, in order: the accent, then the muted foreground. */
export const SERIES_FILL = ['fill-accent', 'fill-fg-muted'] as const
export const SERIES_SWATCH = ['bg-accent', 'bg-fg-muted'] as const

/** Axes: lines in the strong border colour, labels in the muted foreground. */
export const AXIS_CLASSES =
  '[&_line]:stroke-border-strong [&_path]:stroke-border-strong [&_text]:fill-fg-muted [&_text]:text-[11px]'
