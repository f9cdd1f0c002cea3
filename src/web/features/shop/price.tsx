import { useDisplayLocale } from '../../lib/display-locale'
import { formatMoney } from '../../lib/format'

/** A price from integer minor units, formatted for the reader's locale with Intl (display-locale.ts). */
export function Price({
  amount,
  currency,
  className,
}: {
  amount: number
  currency: string
  className?: string
}) {
  return <span className={className}>{formatMoney(amount, currency, { locale: useDisplayLocale() })}</span>
}
