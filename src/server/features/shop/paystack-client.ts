import { createHash } from 'node:crypto'
import type { Env } from '../../env'
import { createPaystackEmulator, type PaystackEmulator } from '../paystack-emulator/emulator'

// The app's side of Paystack's HTTP API: the few calls Depot makes, typed, with a timeout. Which
// Paystack it talks to is decided once per configuration: the real one (PAYSTACK_SECRET_KEY, and
// PAYSTACK_BASE_URL for a stand-in such as the emulator on loopback), or, when no keys are set, the
// built-in emulator mounted at /_emulator/paystack and called in-process.

export const EMULATOR_MOUNT = '/_emulator/paystack'
const TIMEOUT_MS = 15_000

export interface PaystackGateway {
  secretKey: string
  publicKey: string
  baseUrl: string
  /** True when the built-in emulator stands in for Paystack (the web app opens its checkout page). */
  emulated: boolean
  emulator?: PaystackEmulator
  fetch: typeof fetch
}

const gateways = new WeakMap<Env, PaystackGateway>()

/** The gateway for this configuration; the same object (and emulator state) for the app and the jobs. */
export function paystackGateway(env: Env): PaystackGateway {
  const known = gateways.get(env)
  if (known) return known
  let gateway: PaystackGateway
  if (env.paystack) {
    gateway = { ...env.paystack, emulated: false, fetch: (input, init) => fetch(input, init) }
  } else {
    // A key of its own, derived from AUTH_SECRET: webhooks to a local run cannot be forged by
    // someone who only knows the code.
    const secretKey = `sk_test_${createHash('sha256')
      .update(`paystack-emulator:${env.authSecret ?? ''}`)
      .digest('hex')
      .slice(0, 40)}`
    const emulator = createPaystackEmulator({
      secretKey,
      publicUrl: () => `${env.authUrl.origin}${EMULATOR_MOUNT}`,
      webhookUrl: () => new URL('/api/payments/paystack/webhook', env.authUrl).toString(),
    })
    gateway = {
      secretKey,
      publicKey: 'pk_test_depot_emulator',
      baseUrl: 'http://paystack-emulator.internal',
      emulated: true,
      emulator,
      fetch: (input, init) => Promise.resolve(emulator.app.fetch(new Request(input, init))),
    }
  }
  gateways.set(env, gateway)
  return gateway
}

export class PaystackUnavailable extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaystackUnavailable'
  }
}

/** Paystack answered, but refused (`status: false`): bad input, unknown reference, over-refund… */
export class PaystackRefused extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message)
    this.name = 'PaystackRefused'
  }
}

async function call<T>(
  gateway: PaystackGateway,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ message: string; data: T }> {
  let res: Response
  try {
    res = await gateway.fetch(`${gateway.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${gateway.secretKey}`,
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
  const json = (await res.json().catch(() => null)) as { status?: boolean; message?: string; data?: T } | null
  if (!json || typeof json.status !== 'boolean')
    throw new PaystackUnavailable(`Paystack answered ${res.status} without JSON`)
  if (!json.status || res.status >= 400) throw new PaystackRefused(res.status, json.message ?? 'Refused')
  return { message: json.message ?? '', data: json.data as T }
}

export interface PaystackTransaction {
  id: number | string
  status: string
  reference: string
  amount: number
  currency: string
  gateway_response?: string | null
  paid_at?: string | null
}

export interface PaystackRefund {
  id: number | string
  status: string
  amount: number
  currency: string
}

export function initializeTransaction(
  gateway: PaystackGateway,
  input: {
    email: string
    amount: number
    currency: string
    reference: string
    callback_url: string
    metadata: unknown
  },
) {
  return call<{ authorization_url: string; access_code: string; reference: string }>(
    gateway,
    'POST',
    '/transaction/initialize',
    input,
  )
}

export function verifyTransaction(gateway: PaystackGateway, reference: string) {
  return call<PaystackTransaction>(gateway, 'GET', `/transaction/verify/${encodeURIComponent(reference)}`)
}

export function createRefund(
  gateway: PaystackGateway,
  input: { transaction: string; amount: number; currency: string; merchant_note?: string },
) {
  return call<PaystackRefund>(gateway, 'POST', '/refund', input)
}
