import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runServerEntry, startServer } from '../support/server-process'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

// The real entry point as a separate process, on this suite's dialect.
const databases: TestDatabase[] = []
afterAll(async () => {
  for (const d of databases) await d.drop()
})

async function serverEnv(): Promise<Record<string, string>> {
  const testDb = await createTestDatabase()
  databases.push(testDb)
  return {
    DATA_DIR: testDb.dir,
    ...(testDb.config.dialect === 'postgres' ? { DATABASE_URL: testDb.config.url } : {}),
  }
}

describe('start-up', () => {
  it('stops with one clear line per bad variable and exit code 1', async () => {
    const proc = runServerEntry({ PORT: 'eighty', SHOP_CURRENCY: 'naira' })
    expect(await proc.exited).toBe(1)
    const out = proc.output()
    expect(out).toContain('Depot cannot start. Invalid configuration:')
    expect(out).toMatch(/- PORT: .*"eighty"/)
    expect(out).toMatch(/- SHOP_CURRENCY: must be an ISO 4217 code/)
    expect(out).toContain('.env.example')
  })

  it('refuses to run in production with unsafe settings', async () => {
    const proc = runServerEntry({ NODE_ENV: 'production', AUTH_URL: 'http://depot.example.com' })
    expect(await proc.exited).toBe(1)
    expect(proc.output()).toMatch(/AUTH_URL: must be https in production/)
  })

  it('migrates the database and becomes ready; a local run keeps a generated secret in DATA_DIR', async () => {
    const env = await serverEnv()
    const server = await startServer(env)
    try {
      const res = await fetch(`${server.url}/readyz`)
      expect(res.status).toBe(200)
      expect(fs.statSync(path.join(env.DATA_DIR!, 'auth-secret')).mode & 0o777).toBe(0o600)
      expect(server.output()).toContain('"migration":"0001-initial"')
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })
})

describe('graceful shutdown', () => {
  it('lets a request in flight finish on SIGTERM, refuses new ones, closes and exits 0', async () => {
    const env = await serverEnv()
    const webRoot = path.join(env.DATA_DIR!, 'web')
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html>')
    const size = 48 * 1024 * 1024 // far more than socket buffers hold: the server is still writing
    fs.writeFileSync(path.join(webRoot, 'assets', 'big-0001.bin'), Buffer.alloc(size, 7))
    const server = await startServer({ ...env, WEB_ROOT: webRoot })

    const received = await new Promise<number>((resolve, reject) => {
      http
        .get(`${server.url}/assets/big-0001.bin`, (res) => {
          let bytes = 0
          let signalled = false
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length
            if (!signalled) {
              signalled = true
              res.pause()
              server.child.kill('SIGTERM')
              // While the download is paused, a new connection must be refused.
              setTimeout(() => {
                http
                  .get(`${server.url}/healthz`, () =>
                    reject(new Error('a new request was accepted during shutdown')),
                  )
                  .on('error', () => res.resume())
              }, 300)
            }
          })
          res.on('end', () => resolve(bytes))
          res.on('error', reject)
        })
        .on('error', reject)
    })

    expect(received).toBe(size)
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('"msg":"stopped"')
  })
})
