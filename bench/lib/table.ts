/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

export const formatInteger = (n: number) => Math.round(n).toLocaleString('en-US')
export const formatFixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '-')
export const formatPercent = (share: number) => `${Math.round(share * 100)}%`
