import { type Refund, refundEventData, type Transaction, transactionData } from './paystack-shapes'
import { cardOutcome, GATEWAY_RESPONSES } from './test-cards'
import type { WebhookControls, WebhookSender } from './webhook-sender'

// What happens to money in the emulator: a test card applied to a transaction (paid or declined,
// with the charge.success webhook), and a refund that settles a moment later (processed, or failed
// for the card whose refunds fail), each announced by its webhook.

export interface EmulatorControls extends WebhookControls {
  /** The API answers 503 to every call (a Paystack outage). */
  outage: boolean
  /** Successful charges take this amount instead of the initialized one (an underpayment). */
  chargeAmount: number | undefined
  /** Successful charges are in this currency instead of the initialized one. */
  chargeCurrency: string | undefined
}

export type ChargeResult = 'paid' | 'declined' | 'already_paid'

export function createOutcomes(options: {
  controls: EmulatorControls
  webhooks: WebhookSender
  /** How long a refund stays pending before its outcome webhook. */
  refundDelayMs: number
}) {
  const { controls, webhooks } = options
  const refundTimers = new Set<Promise<void>>()

  return {
    /** Applies a test card to a transaction, as the checkout form does. */
    charge(tx: Transaction, cardNumber: string, now = new Date()): ChargeResult {
      if (tx.status === 'success') return 'already_paid'
      const outcome = cardOutcome(cardNumber)
      tx.card = cardNumber.replace(/\D/g, '')
      if (outcome === 'success' || outcome === 'refund_fails') {
        tx.status = 'success'
        tx.outcome = outcome
        tx.gatewayResponse = GATEWAY_RESPONSES[outcome]
        if (controls.chargeAmount !== undefined) tx.amount = controls.chargeAmount
        if (controls.chargeCurrency !== undefined) tx.currency = controls.chargeCurrency
        tx.paidAt = now.toISOString()
        webhooks.emit('charge.success', transactionData(tx))
        return 'paid'
      }
      tx.status = 'failed'
      tx.gatewayResponse = GATEWAY_RESPONSES[outcome]
      return 'declined'
    },

    /** Settles a pending refund after the delay and sends refund.processed or refund.failed. */
    settleLater(r: Refund): void {
      const task = (async () => {
        await new Promise((resolve) => setTimeout(resolve, options.refundDelayMs))
        if (r.transaction.outcome === 'refund_fails') {
          r.status = 'failed'
          r.transaction.refunded -= r.amount
          webhooks.emit('refund.failed', refundEventData(r))
        } else {
          r.status = 'processed'
          webhooks.emit('refund.processed', refundEventData(r))
        }
      })()
      refundTimers.add(task)
      void task.finally(() => refundTimers.delete(task))
    },

    /** Resolves when every refund waiting to settle has settled. */
    async idle(): Promise<void> {
      while (refundTimers.size > 0) await Promise.allSettled([...refundTimers])
    },
  }
}

export type EmulatorOutcomes = ReturnType<typeof createOutcomes>
