import type { Kysely } from 'kysely'
import {
  type DiscountCreateInput,
  type DiscountUpdateInput,
  discountRuleErrors,
} from '../../../../shared/contract/shop/discounts'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import { type Caller, recordedAs } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { canManageDiscounts } from '../../../policies/shop/discounts.policy'
import { recordAudit } from '../../audit/audit.service'
import { presentDiscountDetail } from './discounts.presenter'
import {
  codeTaken,
  discountProducts,
  existingProductIds,
  findDiscount,
  insertDiscount,
  replaceDiscountProducts,
  updateDiscount,
} from './discounts.repository'

// Discount codes for admins and AccessShop staff (docs/decisions/0124): make, change (deactivating is
// a change of `active`), and read one. Every write is audited. Codes are unique after normalisation.

export type Deps = Pick<AppDeps, 'database' | 'env' | 'clock'>

export function authorizeDiscounts(actor: Caller): asserts actor is Extract<Caller, { kind: 'user' }> {
  if (!canManageDiscounts(actor)) throw problems.forbidden()
}

async function checkReferences(db: Kysely<DB>, fields: DiscountCreateInput, exceptId?: string) {
  const errors = discountRuleErrors(fields)
  if (await codeTaken(db, fields.code, exceptId))
    errors.code = ['Another discount code is already this code.']
  const known = new Set(await existingProductIds(db, fields.product_ids))
  if (fields.product_ids.some((id) => !known.has(id)))
    errors.product_ids = ['Some of these products do not exist.']
  if (Object.keys(errors).length > 0) throw problems.validation(errors)
}

function columns(fields: DiscountCreateInput) {
  return {
    code: fields.code,
    kind: fields.kind,
    value: fields.value,
    min_order: fields.min_order,
    starts_at: fields.starts_at && new Date(fields.starts_at).toISOString(),
    ends_at: fields.ends_at && new Date(fields.ends_at).toISOString(),
    max_uses: fields.max_uses,
    max_uses_per_customer: fields.max_uses_per_customer,
    all_products: fields.product_ids.length === 0,
    active: fields.active,
  }
}

export async function getDiscount(deps: Deps, actor: Caller, id: string) {
  authorizeDiscounts(actor)
  const row = await findDiscount(deps.database.db, id)
  if (!row) throw problems.notFound('No such discount code.')
  const products = await discountProducts(deps.database.db, id)
  return presentDiscountDetail(row, products, deps.env.shopCurrency, deps.clock())
}

export async function createDiscount(deps: Deps, by: Caller, input: DiscountCreateInput) {
  authorizeDiscounts(by)
  const db = deps.database.db
  const now = deps.clock()
  const id = newId(now.getTime())
  await checkReferences(db, input)
  await db.transaction().execute(async (trx) => {
    const stamp = now.toISOString()
    await insertDiscount(trx, {
      id,
      ...columns(input),
      created_by: by.id,
      createdAt: stamp,
      updatedAt: stamp,
    })
    await replaceDiscountProducts(trx, id, input.product_ids)
    await audit(trx, by, 'discount.created', id, input, now)
  })
  return getDiscount(deps, by, id)
}

export async function editDiscount(deps: Deps, by: Caller, id: string, input: DiscountUpdateInput) {
  authorizeDiscounts(by)
  const current = await getDiscount(deps, by, id)
  const db = deps.database.db
  const now = deps.clock()
  const merged: DiscountCreateInput = { ...current, ...input }
  await checkReferences(db, merged, id)
  await db.transaction().execute(async (trx) => {
    await updateDiscount(trx, id, { ...columns(merged), updatedAt: now.toISOString() })
    if (input.product_ids) await replaceDiscountProducts(trx, id, input.product_ids)
    await audit(trx, by, 'discount.updated', id, input, now)
  })
  return getDiscount(deps, by, id)
}

async function audit(
  trx: Kysely<DB>,
  by: Extract<Caller, { kind: 'user' }>,
  action: 'discount.created' | 'discount.updated',
  id: string,
  input: Partial<DiscountCreateInput>,
  now: Date,
) {
  const { product_ids, ...fields } = input
  await recordAudit(
    trx,
    {
      action,
      actor: recordedAs(by),
      from: by.from,
      target: { type: 'discount_code', id },
      details: { ...fields, ...(product_ids ? { products: product_ids.length } : {}) },
    },
    now,
  )
}
