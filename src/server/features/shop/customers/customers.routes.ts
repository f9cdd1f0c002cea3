import { z } from 'zod'
import {
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
} from '../../../../shared/contract/shop/customers'
import { csvResponse } from '../../../lib/csv/csv-response'
import { defineRoute } from '../../../lib/http/route'
import type { RouteAccess } from '../../../policies/route-access'
import { exportCustomers, getCustomer, listCustomers } from './customers.service'

// The shop's customers for AccessShop staff and admins. The export is declared before `/:id`.

const SHOP_STAFF: RouteAccess = { staff: ['AccessShop'] }

export const customersRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/staff/customers',
    summary: 'Everyone who has paid for an order, with order count, total spent and last order',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { query: customerListQuerySchema },
    responses: { 200: { description: 'A page of customers', schema: customerListSchema } },
    handler: (c, { query }) => listCustomers(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/staff/customers/export.csv',
    summary: 'Every customer matching the search and filters, as CSV (audited)',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { query: customerListQuerySchema },
    responses: { 200: { description: 'RFC 4180 CSV with a UTF-8 BOM', contentType: 'text/csv' } },
    handler: async (c, { query }) =>
      csvResponse(
        await exportCustomers(c.var.deps, c.var.caller, query),
        `customers-${c.var.deps.clock().toISOString().slice(0, 10)}.csv`,
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/api/staff/customers/:id',
    summary: 'One customer with their figures; their orders are /api/staff/orders?buyer=:id',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { params: z.object({ id: z.string().uuid() }) },
    responses: { 200: { description: 'The customer', schema: customerDetailSchema } },
    handler: (c, { params }) => getCustomer(c.var.deps, c.var.caller, params.id),
  }),
]
