// The cards the emulator's checkout accepts, after Paystack's test-payments page: one that succeeds,
// two that are declined (a plain decline and insufficient funds), and one that pays but whose refund
// later fails (the emulator's own, so refund failures can be exercised end to end). Any other number
// is declined as an invalid card, as Paystack's test mode does with real card numbers.
// Checked on 2026-11-23: Paystack's own test-payments page was not in the reference search we had;
// Paystack's SDK material confirms the success card (4084 0840 8408 4081, CVV 408, any future expiry).
// The others are kept as they were; re-check them against paystack.com/docs/payments/test-payments.

export type CardOutcome = 'success' | 'declined' | 'insufficient_funds' | 'refund_fails'

export interface TestCard {
  number: string
  cvv: string
  label: string
  outcome: CardOutcome
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4084084084084081', cvv: '408', label: 'Success', outcome: 'success' },
  { number: '4084080000005408', cvv: '001', label: 'Declined', outcome: 'declined' },
  { number: '5060666666666666666', cvv: '123', label: 'Insufficient funds', outcome: 'insufficient_funds' },
  {
    number: '4084080000000409',
    cvv: '000',
    label: 'Success, then its refund fails',
    outcome: 'refund_fails',
  },
]

/** What Paystack reports in `gateway_response` for each outcome. */
export const GATEWAY_RESPONSES: Record<CardOutcome | 'invalid', string> = {
  success: 'Successful',
  refund_fails: 'Successful',
  declined: 'Declined',
  insufficient_funds: 'Insufficient Funds',
  invalid: 'Invalid card number',
}

export function cardOutcome(number: string): CardOutcome | 'invalid' {
  const digits = number.replace(/\D/g, '')
  return TEST_CARDS.find((c) => c.number === digits)?.outcome ?? 'invalid'
}
