import { z } from 'zod'
import {
  discountCreateSchema,
  discountDetailSchema,
  discountListQuerySchema,
  discountListSchema,
  discountPreviewInputSchema,
  discountPreviewSchema,
  discountUpdateSchema,
} from '../../../../shared/contract/shop/discounts'
import { csvResponse } from '../../../lib/csv/csv-response'
import { defineRoute } from '../../../lib/http/route'
import type { RouteAccess } from '../../../policies/route-access'
import { previewDiscount } from './discount-preview.service'
import { createDiscount, editDiscount, getDiscount } from './discounts.service'
import { exportDiscounts, listDiscounts } from './discounts-table.service'

// Discount codes: the staff table, its CSV and the form (admins and AccessShop), and the cart's preview
// of a code (a buyer who may check out). The export is declared before `/:id`.

const SHOP_STAFF: RouteAccess = { staff: ['AccessShop'] }
const idParams = z.object({ id: z.string().uuid() })

export const discountsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/staff/discounts',
    summary: 'Discount codes, with their uses and where each stands',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { query: discountListQuerySchema },
    responses: { 200: { description: 'A page of discount codes', schema: discountListSchema } },
    handler: (c, { query }) => listDiscounts(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/staff/discounts/export.csv',
    summary: 'Every discount code matching the search and filters, as CSV (audited)',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { query: discountListQuerySchema },
    responses: { 200: { description: 'RFC 4180 CSV with a UTF-8 BOM', contentType: 'text/csv' } },
    handler: async (c, { query }) =>
      csvResponse(
        await exportDiscounts(c.var.deps, c.var.caller, query),
        `discount-codes-${c.var.deps.clock().toISOString().slice(0, 10)}.csv`,
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/api/staff/discounts',
    summary: 'Makes a discount code (audited)',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { body: discountCreateSchema },
    responses: {
      201: { description: 'The new code', schema: discountDetailSchema },
      422: { description: 'A field is wrong, or the code is taken' },
    },
    handler: (c, { body }) => createDiscount(c.var.deps, c.var.caller, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/staff/discounts/:id',
    summary: 'One discount code with the products it is limited to',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { params: idParams },
    responses: { 200: { description: 'The code', schema: discountDetailSchema } },
    handler: (c, { params }) => getDiscount(c.var.deps, c.var.caller, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/staff/discounts/:id',
    summary: 'Changes a discount code; `{ active: false }` deactivates it (audited)',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { params: idParams, body: discountUpdateSchema },
    responses: {
      200: { description: 'The code as it is now', schema: discountDetailSchema },
      422: { description: 'A field is wrong, or the code is taken' },
    },
    handler: (c, { params, body }) => editDiscount(c.var.deps, c.var.caller, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/shop/discounts/preview',
    summary: 'What a discount code takes off these cart lines, computed on the server',
    tags: ['shop'],
    access: 'signedIn',
    request: { body: discountPreviewInputSchema },
    responses: {
      200: { description: 'Every amount, per line and in total', schema: discountPreviewSchema },
      403: { description: 'Not a customer who may buy' },
      422: {
        description:
          'The code does not apply: discount_unknown, discount_not_yet_valid, discount_expired, discount_used_up, discount_not_for_these_products, discount_below_minimum, discount_already_used',
      },
    },
    handler: (c, { body }) => previewDiscount(c.var.deps, c.var.caller, body),
  }),
]
