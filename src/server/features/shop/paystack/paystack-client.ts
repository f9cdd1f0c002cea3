import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  type InitializedTransaction,
  type PaystackGateway,
  type PaystackRefund,
  PaystackRefused,
  type PaystackTransaction,
  PaystackUnavailable,
} from './paystack-gateway'

// The gateway over Paystack's HTTP API: the few calls Depot makes, typed, with a timeout, against
// Paystack itself or a stand-in that speaks its API (the emulator, standalone at PAYSTACK_BASE_URL or
// built in and called in-process through `fetch`).

export const PAYSTACK_API = 'https://api.paystack.co'
const PAYSTACK_CHECKOUT = 'https://checkout.paystack.com'
const TIMEOUT_MS = 15_000

export interface PaystackClientOptions {
  secretKey: string
  publicKey: string
  /** The API base: Paystack's, or a stand-in's. */
  baseUrl: string
  /**
   * Where a stand-in's authorization pages are, as the buyer's browser reaches them (`<pagesUrl>/
   * checkout/<access_code>`); default the base URL. Unused for Paystack itself.
   */
  pagesUrl?: string
  /** How requests are sent; default the global fetch (the built-in emulator answers in-process). */
  fetch?: typeof fetch
}

/** True when a webhook signature is the HMAC-SHA512 of the raw body bytes with the secret key. */
export function validSignature(secretKey: string, raw: Uint8Array, header: string | undefined): boolean {
  if (!header || !/^[0-9a-f]{128}$/i.test(header.trim())) return false
  const expected = createHmac('sha512', secretKey).update(raw).digest()
  const given = Buffer.from(header.trim(), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function createPaystackClient(options: PaystackClientOptions): PaystackGateway {
  const baseUrl = options.baseUrl.replace(/\/$/, '')
  const send = options.fetch ?? ((input, init) => fetch(input, init))
  const standIn = new URL(baseUrl).origin !== PAYSTACK_API
  const pagesUrl = (options.pagesUrl ?? baseUrl).replace(/\/$/, '')

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response
    try {
      res = await send(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new PaystackUnavailable(`Paystack did not answer: ${(error as Error).message}`)
    }
    if (res.status >= 500 || res.status === 429) {
      throw new PaystackUnavailable(`Paystack answered ${res.status}`)
    }
    const json = (await res.json().catch(() => null)) as {
      status?: boolean
      message?: string
      data?: T
    } | null
    if (!json || typeof json.status !== 'boolean')
      throw new PaystackUnavailable(`Paystack answered ${res.status} without JSON`)
    if (!json.status || res.status >= 400) throw new PaystackRefused(res.status, json.message ?? 'Refused')
    return json.data as T
  }

  return {
    publicKey: options.publicKey,
    standIn,
    checkoutUrl: (accessCode) =>
      standIn ? `${pagesUrl}/checkout/${accessCode}` : `${PAYSTACK_CHECKOUT}/${accessCode}`,
    initialize: (input) => call<InitializedTransaction>('POST', '/transaction/initialize', input),
    verify: (reference) =>
      call<PaystackTransaction>('GET', `/transaction/verify/${encodeURIComponent(reference)}`),
    refund: (input) => call<PaystackRefund>('POST', '/refund', input),
    validSignature: (raw, signature) => validSignature(options.secretKey, raw, signature),
  }
}
