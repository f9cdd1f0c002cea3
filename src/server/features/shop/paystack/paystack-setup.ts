import { createHash } from 'node:crypto'
import type { AppDeps } from '../../../deps'
import type { Env } from '../../../env'
import { readSiteIdentity } from '../../site/site-identity.service'
import { createPaystackEmulator } from './emulator/emulator'
import { createPaystackClient } from './paystack-client'

// Which Paystack this configuration talks to, decided once per process (main.ts, the test app):
// Paystack itself with PAYSTACK_SECRET_KEY (or a stand-in such as the standalone emulator at
// PAYSTACK_BASE_URL), or, when no keys are set, the built-in emulator, which createApp mounts at
// /_emulator/paystack and the gateway calls in-process. The only shop module that knows the emulator.

export const EMULATOR_MOUNT = '/_emulator/paystack'
/** The built-in emulator's API as the gateway addresses it; the requests never leave the process. */
const IN_PROCESS_BASE = 'http://paystack-emulator.internal'

/** The gateway and, when no keys are set, the built-in emulator that createApp mounts at EMULATOR_MOUNT. */
export type Paystack = Pick<AppDeps, 'paystack' | 'paystackEmulator'>

/**
 * The built-in emulator's secret key, derived from AUTH_SECRET: webhooks to a local run cannot be
 * forged by someone who only knows the code.
 */
export function builtInEmulatorKey(env: Pick<Env, 'authSecret'>): string {
  const digest = createHash('sha256')
    .update(`paystack-emulator:${env.authSecret ?? ''}`)
    .digest('hex')
  return `sk_test_${digest.slice(0, 40)}`
}

/** The gateway for this configuration; the built-in emulator's page names the business (site identity). */
export function createPaystack({ env, database }: Pick<AppDeps, 'env' | 'database'>): Paystack {
  if (env.paystack) return { paystack: createPaystackClient(env.paystack) }
  const secretKey = builtInEmulatorKey(env)
  const emulator = createPaystackEmulator({
    secretKey,
    publicUrl: () => `${env.authUrl.origin}${EMULATOR_MOUNT}`,
    webhookUrl: () => new URL('/api/payments/paystack/webhook', env.authUrl).toString(),
    merchantName: async () => (await readSiteIdentity(database.db, env)).name,
  })
  const gateway = createPaystackClient({
    secretKey,
    publicKey: 'pk_test_depot_emulator',
    baseUrl: IN_PROCESS_BASE,
    pagesUrl: `${env.authUrl.origin}${EMULATOR_MOUNT}`,
    fetch: (input, init) => Promise.resolve(emulator.app.fetch(new Request(input, init))),
  })
  return { paystack: gateway, paystackEmulator: emulator }
}
