import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'

// `npm run emulator`: the standalone emulator as an operator starts it (docs/paystack-emulator.md).

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/paystack-emulator.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

describe('npm run emulator', () => {
  it('serves the API on the configured port and stops cleanly on SIGTERM', async () => {
    const run = start({
      PAYSTACK_SECRET_KEY: 'sk_test_script_0123456789',
      EMULATOR_PORT: '0',
      EMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/api/payments/paystack/webhook',
    })
    try {
      await expect.poll(() => run.output(), { timeout: 20_000, interval: 100 }).toContain('Paystack emulator')
      const baseUrl = /at (http:\/\/127\.0\.0\.1:\d+);/.exec(run.output())![1]!
      const init = await fetch(`${baseUrl}/transaction/initialize`, {
        method: 'POST',
        headers: { Authorization: 'Bearer sk_test_script_0123456789', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'buyer@example.com', amount: 5000, reference: 'dep_script_1' }),
      })
      const body = await init.json()
      expect(body).toMatchObject({ status: true, data: { reference: 'dep_script_1' } })
      expect(body.data.authorization_url).toBe(`${baseUrl}/checkout/${body.data.access_code}`)
      const wrongKey = await fetch(`${baseUrl}/transaction/verify/dep_script_1`, {
        headers: { Authorization: 'Bearer sk_test_someone_else' },
      })
      expect(wrongKey.status).toBe(401)
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  }, 30_000)

  it('says which variable is missing and exits 2', async () => {
    const run = start({ EMULATOR_PORT: '0' })
    expect(await run.exited).toBe(2)
    expect(run.output()).toContain('PAYSTACK_SECRET_KEY: set it to the PAYSTACK_SECRET_KEY the instances use')
    expect(run.output()).toContain('EMULATOR_WEBHOOK_URL: set it to <AUTH_URL>/api/payments/paystack/webhook')
  }, 30_000)
})
