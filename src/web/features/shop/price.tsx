import { useDisplayLocale } from '../../lib/display-locale'
import { useMoneyText } from '../../lib/money-texts'

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
  return <span className={className}>{useMoneyText(amount, currency, useDisplayLocale())}</span>
}
