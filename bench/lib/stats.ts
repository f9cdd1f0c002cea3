/** Nearest-rank percentile of an ascending array (p in 0–100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

/** Sorts numbers in place, numerically, and returns them. */
export function sortNumbers(values: number[]): number[] {
  return values.sort((a, b) => a - b)
}

/** Relative half-spread of a few values: 0.03 means "±3% around their middle". */
export function halfSpread(values: readonly number[]): number {
  if (values.length < 2) return 0
  const max = Math.max(...values)
  const min = Math.min(...values)
  return (max - min) / (max + min)
}
