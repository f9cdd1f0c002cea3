/**
 * An order as its buyer knows it, by its products: "Brand Kit", "Brand Kit and Logo Pack", "Brand Kit
 * and 2 more". One rule wherever an order is named: receipts, order pages, notifications, the audit log.
 */
export function orderName(lines: readonly { name: string }[]): string {
  const [first, second] = lines
  if (!first) return 'your order'
  if (lines.length === 1) return first.name
  if (lines.length === 2 && second) return `${first.name} and ${second.name}`
  return `${first.name} and ${lines.length - 1} more`
}
