// npm run emulator: the Paystack emulator as one service that several Depot instances share through
// PAYSTACK_BASE_URL (docs/paystack-emulator.md). Its state lives in this process, in memory.
import { z } from 'zod'
import { startPaystackEmulator } from '../src/server/features/shop/paystack/emulator/standalone'

const schema = z.object({
  PAYSTACK_SECRET_KEY: z
    .string({ error: 'set it to the PAYSTACK_SECRET_KEY the instances use' })
    .min(8, 'set it to the PAYSTACK_SECRET_KEY the instances use'),
  EMULATOR_HOST: z.string().default('127.0.0.1'),
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  EMULATOR_PUBLIC_URL: z.url().optional(),
  EMULATOR_WEBHOOK_URL: z.url({ error: 'set it to <AUTH_URL>/api/payments/paystack/webhook' }),
})

const parsed = schema.safeParse(process.env)
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`)
  process.exit(2)
}
const env = parsed.data
const emulator = await startPaystackEmulator({
  secretKey: env.PAYSTACK_SECRET_KEY,
  webhookUrl: () => env.EMULATOR_WEBHOOK_URL,
  hostname: env.EMULATOR_HOST,
  port: env.EMULATOR_PORT,
  publicUrl: env.EMULATOR_PUBLIC_URL,
})
console.log(`Paystack emulator (TEST MODE) at ${emulator.baseUrl}; webhooks to ${env.EMULATOR_WEBHOOK_URL}`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await emulator.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
