import { z } from 'zod'
import {
  checkoutInputSchema,
  checkoutSessionSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderListSchema,
  refundInputSchema,
  verifyInputSchema,
} from '../../../shared/contract/orders'
import { csvResponse } from '../../lib/csv/csv-response'
import { problems } from '../../lib/http/problem'
import { defineRoute } from '../../lib/http/route'
import type { RouteAccess } from '../../policies/route-access'
import { resumeCheckout, startCheckout } from './checkout.service'
import {
  download,
  exportOrders,
  getOrder,
  listAllOrders,
  listMyOrders,
  verifyForBuyer,
} from './orders.service'
import { receiveWebhook } from './payments.webhook'
import { requestRefund } from './refunds.service'

// Checkout, payments, orders, refunds and downloads (product.md §3). Staff routes are declared before
// `/:id` so the literal paths win.

const WEBHOOK_MAX_BYTES = 256 * 1024
const SHOP_STAFF: RouteAccess = { staff: ['AccessShop'] }
const idParams = z.object({ id: z.string().uuid() })
const csv = { 200: { description: 'RFC 4180 CSV with a UTF-8 BOM', contentType: 'text/csv' } }

export const paymentsRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/shop/checkout',
    summary:
      'Prices the cart on the server, makes the order and its Paystack transaction; the same unpaid cart resumes it',
    tags: ['shop'],
    access: 'signedIn',
    request: { body: checkoutInputSchema },
    responses: {
      201: { description: 'What the browser needs to open the checkout', schema: checkoutSessionSchema },
    },
    handler: (c, { body }) => startCheckout(c.var.deps, c.var.caller, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/shop/orders/:id/pay',
    summary: 'Resumes the Paystack transaction of an unpaid order of yours (pressing Pay again)',
    tags: ['shop'],
    access: 'signedIn',
    request: { params: idParams },
    responses: { 200: { description: 'The same transaction', schema: checkoutSessionSchema } },
    handler: (c, { params }) => resumeCheckout(c.var.deps, c.var.caller, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/shop/orders/verify',
    summary: 'The callback asks the server to verify a reference of yours with Paystack; the server decides',
    tags: ['shop'],
    access: 'signedIn',
    request: { body: verifyInputSchema },
    responses: {
      200: {
        description: 'The order as it is now; verified=false when Paystack did not answer',
        schema: z.object({ verified: z.boolean(), order: orderDetailSchema }),
      },
    },
    handler: (c, { body }) => verifyForBuyer(c.var.deps, c.var.caller, body.reference),
  }),
  defineRoute({
    method: 'post',
    path: '/api/payments/paystack/webhook',
    summary: "Paystack's events (charge.success, refund.*), signed with HMAC-SHA512 of the raw body",
    tags: ['shop'],
    access: 'public',
    request: { bodyType: 'raw', maxBodyBytes: WEBHOOK_MAX_BYTES },
    csrfExempt: 'Sent by Paystack, server to server; authenticated by its HMAC signature instead',
    responses: { 200: { description: 'Received' }, 401: { description: 'Bad or missing signature' } },
    handler: async (c) => {
      const raw = new Uint8Array(await c.req.arrayBuffer())
      // The route table's body limit covers JSON and form bodies only; Paystack's events are small.
      if (raw.byteLength > WEBHOOK_MAX_BYTES) throw problems.tooLarge('A Paystack event is never this large.')
      await receiveWebhook(c.var.deps, raw, c.req.header('x-paystack-signature'))
      return c.json({ received: true })
    },
  }),
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
    path: '/api/shop/downloads/:token',
    summary: 'A paid order’s file, behind an expiring signed link (refused once refunded or expired)',
    tags: ['shop'],
    access: 'public',
    request: { params: z.object({ token: z.string().min(10).max(4200) }) },
    responses: { 200: { description: 'The file', contentType: 'application/octet-stream' } },
    handler: (c, { params }) => download(c.var.deps, params.token),
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
  defineRoute({
    method: 'post',
    path: '/api/staff/orders/:id/refunds',
    summary: 'Refunds all or part of a paid order through Paystack; never more than was paid',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { params: idParams, body: refundInputSchema },
    responses: {
      202: {
        description: 'Asked of Paystack; the order is refund_pending until its webhook',
        schema: orderDetailSchema,
      },
    },
    handler: async (c, { params, body }) => {
      await requestRefund(c.var.deps, c.var.caller, params.id, body)
      return getOrder(c.var.deps, c.var.caller, params.id)
    },
  }),
]
