// What the shop needs of Paystack: start a transaction, ask about one, refund one, and check that a
// webhook is Paystack's. One gateway is built per process (paystack-setup.ts, from main.ts or the
// test app) and reaches the shop through AppDeps.paystack.

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

export interface InitializeInput {
  email: string
  amount: number
  currency: string
  reference: string
  callback_url: string
  metadata: unknown
}

export interface InitializedTransaction {
  authorization_url: string
  access_code: string
  reference: string
}

export interface RefundInput {
  transaction: string
  amount: number
  currency: string
  merchant_note?: string | undefined
}

export interface PaystackGateway {
  /** The public key the browser opens Paystack's inline checkout with. */
  readonly publicKey: string
  /**
   * True when something other than Paystack answers (the built-in emulator, or a stand-in at
   * PAYSTACK_BASE_URL): the browser pays on its authorization page (checkoutUrl), since Paystack's
   * inline popup does not know the stand-in's transactions.
   */
  readonly standIn: boolean
  /** The page where the buyer pays a transaction (Paystack's hosted checkout, or the stand-in's). */
  checkoutUrl(accessCode: string): string
  initialize(input: InitializeInput): Promise<InitializedTransaction>
  verify(reference: string): Promise<PaystackTransaction>
  refund(input: RefundInput): Promise<PaystackRefund>
  /** True when `signature` is the HMAC-SHA512 of the raw body with the secret key (constant time). */
  validSignature(raw: Uint8Array, signature: string | undefined): boolean
}

/** Paystack did not answer, or answered 5xx/429: nothing is known, try again later. */
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
