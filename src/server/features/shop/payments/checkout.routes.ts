import { z } from 'zod'
import {
  checkoutInputSchema,
  checkoutSessionSchema,
  verifyInputSchema,
  verifyResultSchema,
} from '../../../../shared/contract/shop/orders'
import { defineRoute } from '../../../lib/http/route'
import { verifyForBuyer } from '../orders/orders.service'
import { resumeCheckout, startCheckout } from './checkout.service'

// Paying for a cart (product.md §3): the checkout that makes the order and its Paystack transaction,
// paying an unpaid order again, and the callback's verify, where the server asks Paystack itself.

const idParams = z.object({ id: z.string().uuid() })

export const checkoutRoutes = [
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
      403: { description: 'A customer who must verify their e-mail address first, or staff' },
      503: { description: 'Paystack is not answering' },
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
    responses: {
      200: { description: 'The same transaction', schema: checkoutSessionSchema },
      403: { description: 'Not a customer who may buy' },
      404: { description: 'No such order of yours' },
      409: { description: '`order_not_payable`: paid, refunded or cancelled already' },
      422: {
        description:
          'The order’s discount code use went back when the checkout was abandoned, and the code cannot be used again (`discount_used_up`, `discount_already_used`)',
      },
      503: { description: 'Paystack is not answering' },
    },
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
        schema: verifyResultSchema,
      },
      404: { description: 'No order of yours has this reference' },
    },
    handler: (c, { body }) => verifyForBuyer(c.var.deps, c.var.caller, body.reference),
  }),
]
