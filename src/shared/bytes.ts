// The one way sizes are written, on the web and in the server's messages alike: decimal units
// (1 kB = 1000 bytes, as file managers and disk makers count), one decimal below 100 with a
// trailing ".0" dropped, whole bytes spelt out.

const UNITS = ['kB', 'MB', 'GB', 'TB', 'PB'] as const

/** 1 → "1 byte", 999 → "999 bytes", 1500 → "1.5 kB", 53_000_000 → "53 MB", 5.3e9 → "5.3 GB". */
export function formatBytes(bytes: number): string {
  const whole = Math.max(0, Math.round(bytes))
  if (whole < 1000) return whole === 1 ? '1 byte' : `${whole} bytes`
  let value = whole / 1000
  let unit = 0
  while (value >= 999.95 && unit < UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  const shown = value >= 100 ? Math.round(value).toString() : Number(value.toFixed(1)).toString()
  return `${shown} ${UNITS[unit]}`
}
