import { z } from 'zod'
import { orderDetailSchema, refundInputSchema } from '../../../../shared/contract/shop/orders'
import { defineRoute } from '../../../lib/http/route'
import type { RouteAccess } from '../../../policies/route-access'
import { getOrder } from '../orders/orders.service'
import { requestRefund } from './refunds.service'

// Refunds through Paystack (product.md §3), asked by shop staff; the outcome arrives by webhook.

const SHOP_STAFF: RouteAccess = { staff: ['AccessShop'] }
const idParams = z.object({ id: z.string().uuid() })

export const refundsRoutes = [
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
      404: { description: 'No such order' },
      409: {
        description:
          '`order_not_refundable` (not paid), `order_changed` (reload it) or `refund_refused` by Paystack',
      },
      503: { description: 'Paystack is not answering; nothing was refunded' },
    },
    handler: async (c, { params, body }) => {
      await requestRefund(c.var.deps, c.var.caller, params.id, body)
      return getOrder(c.var.deps, c.var.caller, params.id)
    },
  }),
]
