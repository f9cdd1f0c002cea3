import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/connection'
import { insertUserWithPassword } from '../support/people'
import { runServerEntry, type ServerProcess, startServer } from '../support/server-process'
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database'

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
    DATABASE_URL: testDb.config.dialect === 'postgres' ? testDb.config.url : testDb.config.file,
  }
}

/** A GET through `agent`: its status, and whether it went over a connection kept from before. */
function getReusing(agent: http.Agent, url: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: request.reusedSocket }))
    })
    request.on('error', reject)
  })
}

// Each test starts the server as a process: on a loaded 2-core machine a start alone can take 10 s.
const PROCESS_TESTS = { timeout: 60_000 }

describe('start-up', PROCESS_TESTS, () => {
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
    const env: Record<string, string> = {
      ...(await serverEnv()),
      METRICS_TOKEN: 'process-metrics-token-0123456789',
    }
    const server = await startServer(env)
    try {
      const res = await fetch(`${server.url}/readyz`)
      expect(res.status).toBe(200)
      const metrics = await fetch(`${server.url}/metrics`, {
        headers: { Authorization: `Bearer ${env.METRICS_TOKEN}` },
      })
      expect(metrics.status).toBe(200)
      const text = await metrics.text()
      expect(text).toContain('depot_http_requests_total{method="GET",route="/readyz",status="200"} 1')
      expect(text).toContain('depot_process_resident_memory_bytes')
      expect(fs.statSync(path.join(env.DATA_DIR!, 'auth-secret')).mode & 0o777).toBe(0o600)
      expect(server.output()).toContain('"migration":"0001-initial"')
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })

  // On SQLite only: the six seconds of waiting test the HTTP server, which is the same whichever
  // database is behind it.
  it.skipIf(testDialect() !== 'sqlite')(
    'keeps an idle connection open past Node’s default 5 s, so a client or proxy reusing it is not reset (on SQLite only: the wait tests the HTTP server, not the database)',
    async () => {
      const server = await startServer(await serverEnv())
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      try {
        expect(await getReusing(agent, `${server.url}/healthz`)).toEqual({ status: 200, reused: false })
        // The condition under test is the idle time itself.
        await new Promise((resolve) => setTimeout(resolve, 6_000))
        expect(await getReusing(agent, `${server.url}/healthz`)).toEqual({ status: 200, reused: true })
      } finally {
        agent.destroy()
        server.child.kill('SIGTERM')
        await server.exited
      }
    },
    90_000,
  )
})

describe('graceful shutdown', PROCESS_TESTS, () => {
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

/** Signs a new user in over real HTTP (Auth.js credentials) and returns the Cookie header. */
async function signInOverHttp(server: ServerProcess, env: Record<string, string>): Promise<string> {
  const testDb = databases.at(-1)!
  const database = openDatabase(testDb.config)
  const user = await insertUserWithPassword(database.db, 'shutdown test password')
  await database.close()
  const jar = new Map<string, string>()
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      jar.set(pair!.slice(0, at), pair!.slice(at + 1))
    }
  }
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const csrf = await fetch(`${server.url}/api/auth/csrf`)
  keep(csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const signIn = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie(), Origin: env.AUTH_URL! },
    body: new URLSearchParams({ csrfToken, email: user.email, password: user.plainPassword }).toString(),
  })
  keep(signIn)
  const me = await fetch(`${server.url}/api/me`, {
    headers: { Cookie: cookie(), Accept: 'application/json' },
  })
  expect(me.status).toBe(200)
  return cookie()
}

describe('graceful shutdown with a live event stream', PROCESS_TESTS, () => {
  it('ends the stream at once, lets a request in flight finish, and exits 0 well within the grace period', async () => {
    const env: Record<string, string> = { ...(await serverEnv()), AUTH_URL: 'http://127.0.0.1:3000' }
    const webRoot = path.join(env.DATA_DIR!, 'web')
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html>')
    const size = 48 * 1024 * 1024
    fs.writeFileSync(path.join(webRoot, 'assets', 'big-0002.bin'), Buffer.alloc(size, 9))
    const server = await startServer({ ...env, WEB_ROOT: webRoot })
    const cookie = await signInOverHttp(server, env)

    // The stream: wait until it says `ready` (it is registered and caught up).
    const stream = await new Promise<{ ended: Promise<number>; text: () => string }>((resolve, reject) => {
      http
        .get(
          `${server.url}/api/notifications/stream`,
          { headers: { Accept: 'text/event-stream', Cookie: cookie } },
          (res) => {
            expect(res.statusCode).toBe(200)
            let text = ''
            const ended = new Promise<number>((done) => res.on('end', () => done(performance.now())))
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => {
              text += chunk
              if (text.includes('event: ready')) resolve({ ended, text: () => text })
            })
            res.on('error', reject)
          },
        )
        .on('error', reject)
    })

    // The slow request: a download held paused while the server shuts down.
    let sentSignal = 0
    const received = await new Promise<number>((resolve, reject) => {
      http
        .get(`${server.url}/assets/big-0002.bin`, (res) => {
          let bytes = 0
          let signalled = false
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length
            if (signalled) return
            signalled = true
            res.pause()
            sentSignal = performance.now()
            server.child.kill('SIGTERM')
            // Resume the download only once the stream has ended: the stream must not wait for it.
            void stream.ended.then(() => res.resume())
          })
          res.on('end', () => resolve(bytes))
          res.on('error', reject)
        })
        .on('error', reject)
    })
    const streamEnded = await stream.ended
    const code = await server.exited
    const finished = performance.now()

    expect(received).toBe(size)
    expect(streamEnded).toBeGreaterThanOrEqual(sentSignal)
    expect(code).toBe(0)
    // The grace period is 25 s; the whole shutdown, with a 48 MB download finishing, takes far less.
    expect(finished - sentSignal).toBeLessThan(15_000)
    expect(server.output()).toContain('"msg":"stopped"')
    expect(server.output()).not.toContain('still running after the grace period')
  })
})
