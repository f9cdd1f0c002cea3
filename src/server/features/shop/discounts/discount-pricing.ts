import type { DiscountRefusal } from '../../../../shared/contract/shop/discounts'

// What a code takes off a cart, and why it may not apply (docs/decisions/0124). Pure: the checkout
// and the preview give the code's row, the priced lines, the clock and the buyer's uses.

export interface DiscountRule {
  kind: 'percentage' | 'fixed'
  value: number
  min_order: number | null
  starts_at: string | null
  ends_at: string | null
  max_uses: number | null
  max_uses_per_customer: number | null
  all_products: boolean
  active: boolean
  uses: number
  product_ids: readonly string[]
}

export interface CartLine {
  product_id: string
  quantity: number
  /** Unit price in minor units. */
  amount: number
}

export interface DiscountedLine extends CartLine {
  discount: number
}

const MESSAGES: Record<DiscountRefusal, string> = {
  discount_unknown: 'There is no such discount code.',
  discount_not_yet_valid: 'This code is not valid yet.',
  discount_expired: 'This code has expired.',
  discount_used_up: 'This code has been used as many times as it may be.',
  discount_not_for_these_products: 'This code does not apply to the products in your cart.',
  discount_below_minimum: 'Your order is below the minimum for this code.',
  discount_already_used: 'You have already used this code as many times as you may.',
}

export function refusalMessage(reason: DiscountRefusal, detail?: string): string {
  return detail ? `${MESSAGES[reason]} ${detail}` : MESSAGES[reason]
}

function eligible(rule: DiscountRule, line: CartLine): boolean {
  return rule.all_products || rule.product_ids.includes(line.product_id)
}

/**
 * Why the code does not apply to these lines for this buyer now, or undefined when it does. An inactive
 * code is as good as unknown to a buyer. `customerUses` counts the buyer's orders holding a use.
 */
export function discountRefusal(
  rule: DiscountRule | undefined,
  lines: readonly CartLine[],
  now: Date,
  customerUses: number,
): DiscountRefusal | undefined {
  if (!rule?.active) return 'discount_unknown'
  if (rule.starts_at && Date.parse(rule.starts_at) > now.getTime()) return 'discount_not_yet_valid'
  if (rule.ends_at && Date.parse(rule.ends_at) <= now.getTime()) return 'discount_expired'
  if (rule.max_uses !== null && rule.uses >= rule.max_uses) return 'discount_used_up'
  if (!lines.some((l) => eligible(rule, l))) return 'discount_not_for_these_products'
  if (rule.min_order !== null && subtotalOf(lines) < rule.min_order) return 'discount_below_minimum'
  if (rule.max_uses_per_customer !== null && customerUses >= rule.max_uses_per_customer)
    return 'discount_already_used'
  return undefined
}

export function subtotalOf(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.amount * l.quantity, 0)
}

/**
 * Each line's discount. A percentage is taken off each eligible line's total and rounded down to a whole
 * minor unit. A fixed amount (at most the eligible lines' total) is shared among the eligible lines in
 * proportion to their totals; the minor units left by rounding down go one each to the lines with the
 * largest remainders (ties by product id), so the shares add up to the amount exactly.
 */
export function applyDiscount(rule: DiscountRule, lines: readonly CartLine[]): DiscountedLine[] {
  const totals = lines.map((l) => (eligible(rule, l) ? l.amount * l.quantity : 0))
  if (rule.kind === 'percentage') {
    const pct = Math.min(rule.value, 100)
    return lines.map((l, i) => ({ ...l, discount: Number((BigInt(totals[i] ?? 0) * BigInt(pct)) / 100n) }))
  }
  const base = totals.reduce((a, b) => a + b, 0)
  const amount = Math.min(rule.value, base)
  if (base === 0) return lines.map((l) => ({ ...l, discount: 0 }))
  // Products of two large amounts pass 2^53: the shares are computed in BigInt.
  const big = { base: BigInt(base), amount: BigInt(amount) }
  const shares = totals.map((t) => Number((BigInt(t) * big.amount) / big.base))
  let left = amount - shares.reduce((a, b) => a + b, 0)
  const byRemainder = totals
    .map((t, i) => ({ i, rest: (BigInt(t) * big.amount) % big.base, id: lines[i]?.product_id ?? '' }))
    .filter((r) => (totals[r.i] ?? 0) > 0)
    .sort((a, b) => (a.rest === b.rest ? a.id.localeCompare(b.id) : a.rest > b.rest ? -1 : 1))
  for (const r of byRemainder) {
    if (left <= 0) break
    shares[r.i] = (shares[r.i] ?? 0) + 1
    left--
  }
  return lines.map((l, i) => ({ ...l, discount: shares[i] ?? 0 }))
}
