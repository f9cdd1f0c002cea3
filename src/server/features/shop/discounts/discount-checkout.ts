import type { Kysely } from 'kysely'
import type { DiscountRefusal } from '../../../../shared/contract/shop/discounts'
import { formatMoney } from '../../../../shared/money'
import type { DB } from '../../../db/schema'
import { HttpProblem } from '../../../lib/http/problem'
import {
  applyDiscount,
  type CartLine,
  type DiscountedLine,
  discountRefusal,
  refusalMessage,
} from './discount-pricing'
import { customerUses, discountProductIds, findDiscountByCode, takeUse } from './discounts.repository'

// A code applied to a priced cart, for the preview and the checkout (docs/decisions/0124): every
// amount from the server, and a 422 whose `code` says why a code does not apply.

export interface AppliedDiscount {
  codeId: string
  code: string
  maxPerCustomer: number | null
  lines: DiscountedLine[]
  discount: number
}

/** The 422 for a code that does not apply; the message also stands under the `discount_code` field. */
export function discountProblem(reason: DiscountRefusal, detail?: string): HttpProblem {
  const message = refusalMessage(reason, detail)
  return new HttpProblem(422, reason, message, { discount_code: [message] })
}

/** The cart's lines with each line's discount, or the problem saying why the code does not apply. */
export async function applyCode(
  db: Kysely<DB>,
  code: string,
  lines: readonly CartLine[],
  userId: string,
  now: Date,
  currency: string,
): Promise<AppliedDiscount> {
  const row = await findDiscountByCode(db, code)
  const rule = row
    ? { ...row, product_ids: row.all_products ? [] : await discountProductIds(db, row.id) }
    : undefined
  const uses = row ? await customerUses(db, row.id, userId) : 0
  const reason = discountRefusal(
    rule && {
      ...rule,
      value: Number(rule.value),
      min_order: row?.min_order == null ? null : Number(row.min_order),
    },
    lines,
    now,
    uses,
  )
  if (reason || !row || !rule) {
    const detail =
      reason === 'discount_below_minimum' && row?.min_order != null
        ? `Add products worth at least ${formatMoney(Number(row.min_order), currency)} in total.`
        : undefined
    throw discountProblem(reason ?? 'discount_unknown', detail)
  }
  const discounted = applyDiscount({ ...rule, value: Number(rule.value), min_order: null }, lines)
  return {
    codeId: row.id,
    code: row.code,
    maxPerCustomer: row.max_uses_per_customer,
    lines: discounted,
    discount: discounted.reduce((sum, l) => sum + l.discount, 0),
  }
}

/**
 * In the checkout's transaction, before the order is written: takes one use of the code, then checks the
 * buyer's own limit. The use's row lock (PostgreSQL) or the single writer (SQLite) makes two checkouts of
 * the same code wait for each other, so neither limit can be passed by racing.
 */
export async function reserveUse(trx: Kysely<DB>, applied: AppliedDiscount, userId: string): Promise<void> {
  if (!(await takeUse(trx, applied.codeId))) throw discountProblem('discount_used_up')
  if (applied.maxPerCustomer === null) return
  if ((await customerUses(trx, applied.codeId, userId)) >= applied.maxPerCustomer)
    throw discountProblem('discount_already_used')
}
