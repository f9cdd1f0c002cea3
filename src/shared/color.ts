// Colour arithmetic for the site's accent: WCAG 2 contrast, and the accent adjusted so that text on it,
// and it as text, stay readable (AA, 4.5:1) in the light and the dark theme alike. Pure: the web sets
// the results as CSS variables, the server uses them in e-mails.

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/
export const DEFAULT_ACCENT = '#4338ca'

type Rgb = readonly [number, number, number]

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as unknown as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** `a` moved towards `b` by `amount` (0 to 1). */
export function mix(a: string, b: string, amount: number): string {
  const [x, y] = [toRgb(a), toRgb(b)]
  return toHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * amount) as unknown as Rgb)
}

/** White or near-black, whichever reads better on `background`. */
export function readableForeground(background: string): string {
  const dark = '#0f172a'
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, dark) ? '#ffffff' : dark
}

/** `colour`, moved towards `towards` in small steps until it contrasts `against` by at least `ratio`. */
function until(colour: string, towards: string, against: string, ratio = 4.5): string {
  let c = colour
  for (let step = 0; step < 20 && contrastRatio(c, against) < ratio; step++) c = mix(c, towards, 0.1)
  return contrastRatio(c, against) < ratio ? towards : c
}

export interface AccentPalette {
  accent: string
  accentHover: string
  accentFg: string
  accentSoft: string
  accentSoftFg: string
}

const SURFACE = { light: '#ffffff', dark: '#111827' } as const

/**
 * The accent's colours for one theme. The accent is used as text on the page's surface and as the
 * background of buttons, so it is darkened (light theme) or lightened (dark theme) just enough to reach
 * 4.5:1 against the surface; the text on it is white or near-black, whichever contrasts more.
 */
export function accentPalette(hex: string, theme: 'light' | 'dark'): AccentPalette {
  const base = HEX_COLOUR.test(hex) ? hex.toLowerCase() : DEFAULT_ACCENT
  const surface = SURFACE[theme]
  const away = theme === 'light' ? '#000000' : '#ffffff'
  const accent = until(base, away, surface)
  const accentSoft = mix(accent, surface, theme === 'light' ? 0.85 : 0.7)
  return {
    accent,
    accentHover: mix(accent, away, 0.15),
    accentFg: readableForeground(accent),
    accentSoft,
    accentSoftFg: until(accent, away, accentSoft),
  }
}
