import type { AppDeps } from '../../../deps'
import { problems } from '../../../lib/http/problem'
import { applyPaymentReport } from './payments.service'
import { applyRefundEvent } from './refunds.service'

// Paystack's webhooks (product.md §3). The signature is HMAC-SHA512 of the raw body bytes with the
// secret key, compared in constant time before anything is parsed: the bytes as sent, so a body with
// extra whitespace or escaped slashes verifies as long as nobody changed it. A bad or missing
// signature is a 401 and changes nothing. Events are idempotent, so Paystack's retries and replays
// are harmless.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer' | 'logger' | 'paystack'>

export async function receiveWebhook(
  deps: Deps,
  raw: Uint8Array,
  signature: string | undefined,
): Promise<void> {
  if (!deps.paystack.validSignature(raw, signature)) {
    deps.logger.warn('paystack webhook refused: bad or missing signature')
    throw problems.unauthenticated('The webhook signature does not match.')
  }
  let payload: { event?: unknown; data?: unknown }
  try {
    payload = JSON.parse(Buffer.from(raw).toString('utf8'))
  } catch {
    throw problems.badRequest('The body is not JSON.')
  }
  const event = typeof payload.event === 'string' ? payload.event : ''
  const data = (payload.data ?? {}) as Record<string, unknown>
  if (event === 'charge.success') {
    if (typeof data.reference !== 'string') throw problems.badRequest('No reference.')
    await applyPaymentReport(
      deps,
      {
        id: String(data.id ?? ''),
        status: String(data.status ?? ''),
        reference: data.reference,
        amount: Number(data.amount),
        currency: String(data.currency ?? ''),
        gateway_response: typeof data.gateway_response === 'string' ? data.gateway_response : null,
        paid_at: typeof data.paid_at === 'string' ? data.paid_at : null,
      },
      'webhook:charge.success',
    )
    return
  }
  if (event.startsWith('refund.')) {
    await applyRefundEvent(deps, event, data)
    return
  }
  // Other events (transfers, subscriptions…) are not ours: acknowledged so Paystack stops retrying.
}
