import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createPaystackEmulator, type EmulatorOptions, type PaystackEmulator } from './emulator'

// The emulator on its own loopback port, as the tests use it: the app talks to it over real HTTP
// (PAYSTACK_BASE_URL) exactly as it would talk to api.paystack.co.

export interface StandaloneEmulator {
  emulator: PaystackEmulator
  /** e.g. http://127.0.0.1:41234 — give it to the app as PAYSTACK_BASE_URL. */
  baseUrl: string
  close(): Promise<void>
}

export async function startPaystackEmulator(
  options: Omit<EmulatorOptions, 'publicUrl'> & { port?: number },
): Promise<StandaloneEmulator> {
  let baseUrl = ''
  const emulator = createPaystackEmulator({ ...options, publicUrl: () => baseUrl })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: emulator.app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, () =>
      resolve(s),
    )
  })
  const address = server.address() as AddressInfo
  baseUrl = `http://127.0.0.1:${address.port}`
  return {
    emulator,
    baseUrl,
    close: async () => {
      await emulator.idle()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
