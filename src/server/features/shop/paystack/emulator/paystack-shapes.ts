import type { CardOutcome } from './test-cards'

// The emulator's state and the shapes Paystack gives it in its API answers and webhook bodies
// (transaction, refund, refund event), kept apart from the HTTP handling (emulator-api.ts, checkout-routes.ts).

export type TxStatus = 'abandoned' | 'failed' | 'success'

export interface Transaction {
  id: number
  reference: string
  accessCode: string
  amount: number
  currency: string
  email: string
  callbackUrl: string | null
  metadata: unknown
  status: TxStatus
  gatewayResponse: string | null
  outcome: CardOutcome | null
  /** The test card last tried, for the authorization's bin and last4. */
  card: string | null
  paidAt: string | null
  createdAt: string
  refunded: number
}

export interface Refund {
  id: number
  transaction: Transaction
  amount: number
  currency: string
  status: 'pending' | 'processing' | 'processed' | 'failed'
  merchantNote: string | null
  customerNote: string | null
  createdAt: string
}

/** A transaction as verify, verify_access_code and the charge.success webhook describe it. */
export function transactionData(tx: Transaction) {
  const charged = tx.status === 'success'
  return {
    id: tx.id,
    domain: 'test',
    status: tx.status,
    reference: tx.reference,
    amount: tx.amount,
    currency: tx.currency,
    message: null,
    gateway_response: tx.gatewayResponse ?? 'The transaction was not completed',
    paid_at: tx.paidAt,
    paidAt: tx.paidAt,
    created_at: tx.createdAt,
    createdAt: tx.createdAt,
    transaction_date: tx.createdAt,
    channel: 'card',
    ip_address: null,
    metadata: tx.metadata ?? '',
    log: null,
    fees: charged ? Math.min(Math.round(tx.amount * 0.015), 200000) : null,
    customer: {
      id: tx.id,
      first_name: null,
      last_name: null,
      email: tx.email,
      customer_code: `CUS_${tx.id}emulator`,
      phone: null,
      metadata: null,
      risk_action: 'default',
    },
    authorization:
      charged && tx.card
        ? {
            authorization_code: `AUTH_${tx.id}`,
            bin: tx.card.slice(0, 6),
            last4: tx.card.slice(-4),
            exp_month: '12',
            exp_year: '2030',
            channel: 'card',
            card_type: tx.card.startsWith('4') ? 'visa' : 'verve',
            bank: 'TEST BANK',
            country_code: 'NG',
            brand: tx.card.startsWith('4') ? 'visa' : 'verve',
            reusable: true,
            signature: `SIG_${tx.id}emulator`,
            account_name: null,
          }
        : {},
    plan: null,
    order_id: null,
    requested_amount: tx.amount,
  }
}

/** A refund as the refund API answers it. */
export function refundData(r: Refund) {
  return {
    id: r.id,
    integration: 1,
    domain: 'test',
    // Paystack's documented create-refund response nests the transaction as an object.
    transaction: {
      id: r.transaction.id,
      domain: 'test',
      reference: r.transaction.reference,
      amount: r.transaction.amount,
      paid_at: r.transaction.paidAt,
      channel: 'card',
      currency: r.transaction.currency,
    },
    amount: r.amount,
    deducted_amount: r.status === 'processed' ? r.amount : 0,
    fully_deducted: r.status === 'processed',
    currency: r.currency,
    channel: 'card',
    status: r.status,
    merchant_note: r.merchantNote,
    customer_note: r.customerNote,
    refunded_by: 'emulator',
    createdAt: r.createdAt,
  }
}

/** A refund as the refund.* webhooks describe it. */
export function refundEventData(r: Refund) {
  return {
    id: r.id,
    status: r.status,
    transaction_reference: r.transaction.reference,
    refund_reference: `RF_${r.id}`,
    amount: r.amount,
    currency: r.currency,
    processor: 'emulator',
    customer: { email: r.transaction.email },
    integration: 1,
    domain: 'test',
  }
}
