// The one way sizes are written, on the web and in the server's messages alike: steps of 1024 with the
// labels people read everywhere else (KB, MB, GB, as Google Drive and Windows write them), so a 10 GiB
// quota reads "10 GB" and a 5 MiB limit "5 MB"; one decimal below 100 with a trailing ".0" dropped,
// whole bytes spelt out.

const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'] as const
const STEP = 1024

/** 1 → "1 byte", 1023 → "1023 bytes", 1536 → "1.5 KB", 50 MiB → "50 MB", 10 GiB → "10 GB". */
export function formatBytes(bytes: number): string {
  const whole = Math.max(0, Math.round(bytes))
  if (whole < STEP) return whole === 1 ? '1 byte' : `${whole} bytes`
  let value = whole / STEP
  let unit = 0
  // 1023.96 KB would be written "1024 KB": carry it into the next unit.
  while (value >= 1023.95 && unit < UNITS.length - 1) {
    value /= STEP
    unit += 1
  }
  const shown = value >= 100 ? Math.round(value).toString() : Number(value.toFixed(1)).toString()
  return `${shown} ${UNITS[unit]}`
}
