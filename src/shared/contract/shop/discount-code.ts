import { z } from 'zod'

// A discount code as a buyer or staff type it, apart from the discounts contract so that the checkout's
// schema names it without importing the rest.

export const DISCOUNT_CODE_MIN = 3
export const DISCOUNT_CODE_MAX = 40

/** How a code is stored and compared: trimmed and upper-cased, so `summer10` and `SUMMER10` are one code. */
export function normaliseDiscountCode(code: string): string {
  return code.trim().toUpperCase()
}

/** A code as a buyer or staff type it: letters, digits, `-` and `_`; normalised to upper case. */
export const discountCodeSchema = z
  .string({ error: 'Enter a code.' })
  .trim()
  .min(DISCOUNT_CODE_MIN, { error: `A code has at least ${DISCOUNT_CODE_MIN} characters.` })
  .max(DISCOUNT_CODE_MAX, { error: `A code has at most ${DISCOUNT_CODE_MAX} characters.` })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Use only letters, digits, - and _ in a code.' })
  .transform(normaliseDiscountCode)
