import { z } from 'zod'
import {
  orderDetailSchema,
  orderListQuerySchema,
  orderListSchema,
} from '../../../../shared/contract/shop/orders'
import { csvResponse } from '../../../lib/csv/csv-response'
import { defineRoute } from '../../../lib/http/route'
import type { RouteAccess } from '../../../policies/route-access'
import { exportOrders, getOrder, listAllOrders, listMyOrders } from './orders.service'

// Orders (product.md §3): a buyer's own, and every order for shop staff with the CSV export. Staff
// routes declare `export.csv` before `/:id` so the literal path wins.

const SHOP_STAFF: RouteAccess = { staff: ['AccessShop'] }
const idParams = z.object({ id: z.string().uuid() })
const csv = { 200: { description: 'RFC 4180 CSV with a UTF-8 BOM', contentType: 'text/csv' } }

export const ordersRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/shop/orders',
    summary: 'Your orders, newest first',
    tags: ['shop'],
    access: 'signedIn',
    request: { query: orderListQuerySchema },
    responses: { 200: { description: 'A page of your orders', schema: orderListSchema } },
    handler: (c, { query }) => listMyOrders(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/shop/orders/:id',
    summary: 'One order of yours (or any, for shop staff) with its deliverables',
    tags: ['shop'],
    access: 'signedIn',
    request: { params: idParams },
    responses: { 200: { description: 'The order', schema: orderDetailSchema } },
    handler: (c, { params }) => getOrder(c.var.deps, c.var.caller, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/staff/orders',
    summary: 'Every order: status, date range, search, paging and sorting',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { query: orderListQuerySchema },
    responses: { 200: { description: 'A page of orders', schema: orderListSchema } },
    handler: (c, { query }) => listAllOrders(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/staff/orders/export.csv',
    summary: 'Every order matching the filters, as CSV (audited)',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { query: orderListQuerySchema },
    responses: csv,
    handler: async (c, { query }) =>
      csvResponse(
        await exportOrders(c.var.deps, c.var.caller, query),
        `orders-${c.var.deps.clock().toISOString().slice(0, 10)}.csv`,
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/api/staff/orders/:id',
    summary: 'One order with its payment events, status history and refunds',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { params: idParams },
    responses: { 200: { description: 'The order', schema: orderDetailSchema } },
    handler: (c, { params }) => getOrder(c.var.deps, c.var.caller, params.id),
  }),
]
