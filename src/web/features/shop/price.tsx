import { formatMoney } from '../../lib/format'

/** A price from integer minor units, formatted for the reader's locale with Intl. */
export function Price({
  amount,
  currency,
  className,
}: {
  amount: number
  currency: string
  className?: string
}) {
  return <span className={className}>{formatMoney(amount, currency)}</span>
}
