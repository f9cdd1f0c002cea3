import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createPaystackEmulator, type EmulatorOptions, type PaystackEmulator } from './emulator'

// The emulator on its own port, as the tests and `npm run emulator` use it: the app talks to it over
// real HTTP (PAYSTACK_BASE_URL) exactly as it would talk to api.paystack.co, and several instances can
// share it, since its transactions live in this one process (docs/paystack-emulator.md).

export interface StandaloneEmulator {
  emulator: PaystackEmulator
  /** e.g. http://127.0.0.1:41234 — give it to the app as PAYSTACK_BASE_URL. */
  baseUrl: string
  close(): Promise<void>
}

export interface StandaloneOptions extends Omit<EmulatorOptions, 'publicUrl'> {
  /** Default 0: any free port. */
  port?: number
  /** Default 127.0.0.1; `npm run emulator` may listen wider for instances on other machines. */
  hostname?: string
  /** The origin instances and browsers reach it at, when not its own address (behind a proxy). */
  publicUrl?: string
}

export async function startPaystackEmulator(options: StandaloneOptions): Promise<StandaloneEmulator> {
  let baseUrl = ''
  const emulator = createPaystackEmulator({ ...options, publicUrl: () => baseUrl })
  const hostname = options.hostname ?? '127.0.0.1'
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: emulator.app.fetch, port: options.port ?? 0, hostname }, () => resolve(s))
  })
  const address = server.address() as AddressInfo
  baseUrl = options.publicUrl?.replace(/\/$/, '') ?? `http://${hostname}:${address.port}`
  return {
    emulator,
    baseUrl,
    close: async () => {
      await emulator.idle()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
