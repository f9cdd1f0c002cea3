import { webhookReceivedSchema } from '../../../../shared/contract/shop/orders'
import { problems } from '../../../lib/http/problem'
import { defineRoute } from '../../../lib/http/route'
import { receiveWebhook } from './payments.webhook'

// Paystack's events, server to server (product.md §3): authenticated by their signature, not a session.

const WEBHOOK_MAX_BYTES = 256 * 1024

export const paystackWebhookRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/payments/paystack/webhook',
    summary: "Paystack's events (charge.success, refund.*), signed with HMAC-SHA512 of the raw body",
    tags: ['shop'],
    access: 'public',
    request: {
      bodyType: 'raw',
      maxBodyBytes: WEBHOOK_MAX_BYTES,
      headers: {
        'x-paystack-signature': {
          description: 'HMAC-SHA512 of the raw body with the Paystack secret key, in hex',
          required: true,
        },
      },
    },
    csrfExempt: 'Sent by Paystack, server to server; authenticated by its HMAC signature instead',
    responses: {
      200: { description: 'Received', schema: webhookReceivedSchema },
      401: { description: 'Bad or missing signature' },
      413: { description: 'Larger than any Paystack event' },
    },
    handler: async (c) => {
      const raw = new Uint8Array(await c.req.arrayBuffer())
      // The route table's body limit covers JSON and form bodies only; Paystack's events are small.
      if (raw.byteLength > WEBHOOK_MAX_BYTES) throw problems.tooLarge('A Paystack event is never this large.')
      await receiveWebhook(c.var.deps, raw, c.req.header('x-paystack-signature'))
      return c.json({ received: true })
    },
  }),
]
