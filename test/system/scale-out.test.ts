import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/connection'
import { loadEnv } from '../../src/server/env'
import { newId } from '../../src/server/lib/ids'
import { createStorage } from '../../src/server/lib/storage'
import { startTestS3Server, type TestS3Server } from '../storage/s3-test-server'
import { insertFolder, insertProduct } from '../support/factories'
import { insertUserWithPassword } from '../support/people'
import { freePort, type ServerProcess, signInOverHttp, startServer } from '../support/server-process'
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database'

// Two real Depot processes on one PostgreSQL database and one S3 bucket (s3rver), behind Debian's
// nginx balancing round robin with no sticky sessions, set up as docs/deploy.md shows, and one
// standalone Paystack emulator (`npm run emulator`) that both point at. Sessions, resumable uploads,
// downloads, zips, live notifications, checkouts and periodic jobs work whichever instance a request
// (or a tick) reaches.

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p))
const why =
  testDialect() !== 'postgres'
    ? 'several instances share one PostgreSQL database (SQLite is one process per file)'
    : !NGINX
      ? 'nginx is not installed (apt-get install nginx-light; .ci/run installs it)'
      : undefined

const MiB = 1 << 20
const SIZE = 100 * MiB + 12_345
const CHUNK = 8 * MiB

let s3: TestS3Server
let testDb: TestDatabase
let dir: string
let nginx: ChildProcess | undefined
let emulator: ChildProcess | undefined
let emulatorUrl = ''
let balancer = ''
const instances: ServerProcess[] = []
let cookie = ''
let folderId = ''

/** The nginx block of docs/deploy.md, on plain HTTP and a free port, with its own pid, logs and temp files. */
function nginxConfig(port: number, upstreams: string[], root: string): string {
  const temp = (name: string) => path.join(root, name)
  return `
daemon off;
master_process off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 256; }
http {
  access_log ${temp('access.log')};
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};

  upstream depot {
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 80m;
    proxy_request_buffering off;

    location / {
      proxy_pass http://depot;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }

    location = /metrics { return 404; }
  }
}
`
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** Deterministic content, generated as it is read: 1 MiB of random bytes, each copy stamped with its index. */
function generated(size: number, block: Buffer): Readable {
  let sent = 0
  let index = 0
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null)
      const n = Math.min(block.length, size - sent)
      const chunk = Buffer.from(block.subarray(0, n))
      chunk.writeUInt32BE(index++ % 0x1_0000_0000, 0)
      sent += n
      this.push(chunk)
    },
  })
}

/**
 * The same content as a tus-js-client file source that makes any range on demand: a resumed upload
 * starts wherever the server says, and only the chunk being sent is in memory.
 */
function generatedSource(size: number, block: Buffer) {
  const bytesAt = (start: number, end: number) => {
    const out = Buffer.alloc(end - start)
    for (let at = start; at < end; ) {
      const index = Math.floor(at / block.length)
      const copy = Buffer.from(block.subarray(0, Math.min(block.length, size - index * block.length)))
      copy.writeUInt32BE(index % 0x1_0000_0000, 0)
      const from = at - index * block.length
      const n = Math.min(copy.length - from, end - at)
      copy.copy(out, at - start, from, from + n)
      at += n
    }
    return out
  }
  return {
    openFile: async () => ({
      size,
      slice: async (start: number, end: number) => {
        const to = Math.min(end, size)
        const value = bytesAt(start, to)
        // tus-js-client reads a value's length from `size`, as its own Buffer source sets it.
        return { value: Object.assign(value, { size: value.length }), done: to >= size }
      },
      close: () => {},
    }),
  }
}

async function sha256Of(stream: AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of stream) {
    hash.update(chunk)
    size += chunk.byteLength
  }
  return { sha256: hash.digest('hex'), size }
}

const headers = () => ({ Cookie: cookie, Origin: balancer })

/** Makes the user an editor of the shared folder. */
async function grantEditor(database: ReturnType<typeof openDatabase>, userId: string): Promise<void> {
  const now = new Date().toISOString()
  await database.db
    .insertInto('folder_permissions')
    .values({
      id: newId(),
      folder_id: folderId,
      user_id: userId,
      permissionType: 'editor',
      createdAt: now,
      updatedAt: now,
    })
    .execute()
}

const PAYSTACK_SECRET = 'sk_test_scale_out_0123456789abcdef'
const METRICS_TOKEN = 'scale-out-metrics-token'

/** The JSON log lines an instance has written so far (from `from`, an offset in its output). */
function logLines(instance: ServerProcess, from = 0): Record<string, unknown>[] {
  return instance
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>]
      } catch {
        return [] // a line cut at the end of the output read so far
      }
    })
}

/** Requests an instance answered, by method, path and status (its request log). */
const answered = (instance: ServerProcess, method: string, path: string, status: number) =>
  logLines(instance).filter((l) => l.method === method && l.path === path && l.status === status).length

/** Server-sent events as they arrive: `next` waits for the first one that matches. */
function eventStream(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const seen: { event: string; data: string }[] = []
  return {
    async next(match: (e: { event: string; data: string }) => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = seen.findIndex(match)
        if (found >= 0) return seen.splice(0, found + 1).at(-1)!
        const left = deadline - Date.now()
        if (left <= 0)
          throw new Error(`no matching event within ${timeoutMs} ms; saw ${JSON.stringify(seen)}`)
        let timer: NodeJS.Timeout | undefined
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), left)
          }),
        ])
        clearTimeout(timer)
        if (chunk === 'timeout') continue
        if (chunk.done) throw new Error('the stream ended')
        buffer += decoder.decode(chunk.value, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const field = (name: string) =>
            block
              .split('\n')
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trimStart())
              .join('\n')
          if (field('event') || field('data')) seen.push({ event: field('event'), data: field('data') })
        }
      }
    },
    close: () => reader.cancel().catch(() => {}),
  }
}

/** `depot_job_runs_total` of one instance, as `job outcome` → count. */
async function jobRuns(instance: ServerProcess): Promise<Map<string, number>> {
  const res = await fetch(`${instance.url}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  })
  expect(res.status).toBe(200)
  const runs = new Map<string, number>()
  for (const line of (await res.text()).split('\n')) {
    if (!line.startsWith('depot_job_runs_total{')) continue
    const job = /job="([^"]+)"/.exec(line)?.[1]
    const outcome = /outcome="([^"]+)"/.exec(line)?.[1]
    runs.set(`${job} ${outcome}`, Number(line.slice(line.lastIndexOf(' ') + 1)))
  }
  return runs
}

/** Starts `npm run emulator` (its script, on a free port) and resolves with its address. */
async function startEmulator(webhookUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('scripts/paystack-emulator.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      PAYSTACK_SECRET_KEY: PAYSTACK_SECRET,
      EMULATOR_WEBHOOK_URL: webhookUrl,
      EMULATOR_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString()
  })
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString()
  })
  let url = ''
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the emulator exited:\n${out}`)
      url = /at (http:\/\/127\.0\.0\.1:\d+);/.exec(out)?.[1] ?? ''
      return url !== ''
    },
    30_000,
    'the Paystack emulator to listen',
  )
  return { child, url }
}

beforeAll(async () => {
  if (why) return
  s3 = await startTestS3Server()
  testDb = await createTestDatabase()
  dir = mkdtempSync(path.join(os.tmpdir(), 'depot-scale-out-'))
  const nginxPort = await freePort()
  balancer = `http://127.0.0.1:${nginxPort}`
  // One emulator for both instances, its webhooks sent through the balancer (docs/paystack-emulator.md).
  const paystack = await startEmulator(`${balancer}/api/payments/paystack/webhook`)
  emulator = paystack.child
  emulatorUrl = paystack.url
  const env = {
    DATABASE_URL: testDb.config.dialect === 'postgres' ? testDb.config.url : '',
    AUTH_URL: balancer,
    AUTH_SECRET: randomBytes(48).toString('base64'),
    TRUST_PROXY: '127.0.0.1',
    PAYSTACK_SECRET_KEY: PAYSTACK_SECRET,
    PAYSTACK_PUBLIC_KEY: 'pk_test_scale_out',
    PAYSTACK_BASE_URL: emulatorUrl,
    METRICS_TOKEN,
    ...s3.env,
  }
  // Started one after the other: the first migrates (the second would wait on the lock anyway).
  for (const name of ['a', 'b']) {
    const dataDir = path.join(dir, name)
    instances.push(await startServer({ ...env, DATA_DIR: dataDir }, 60_000))
  }
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    nginxConfig(
      nginxPort,
      instances.map((i) => i.url.replace('http://', '')),
      dir,
    ),
  )
  nginx = spawn(NGINX!, ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-e', path.join(dir, 'error.log')], {
    stdio: 'ignore',
  })
  await waitFor(async () => (await fetch(`${balancer}/healthz`)).ok, 10_000, 'nginx to answer')

  const database = openDatabase(testDb.config)
  const user = await insertUserWithPassword(database.db, 'scale out password')
  const folder = await insertFolder(database.db, { folder_name: 'Shared', type: 'locked' })
  folderId = folder.id
  await grantEditor(database, user.id)
  await database.close()

  // Signed in on instance A directly.
  cookie = await signInOverHttp(instances[0]!.url, balancer, user.email, user.plainPassword)
}, 120_000)

afterAll(async () => {
  if (why) return
  nginx?.kill('SIGTERM')
  emulator?.kill('SIGTERM')
  for (const instance of instances) {
    instance.child.kill('SIGTERM')
    await instance.exited
  }
  await s3?.stop()
  await testDb?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(why !== undefined)(
  `two instances behind nginx round robin${why ? ` (skipped: ${why})` : ''}`,
  () => {
    it('keeps a session made on one instance valid on the other', async () => {
      for (const instance of instances) {
        const me = await fetch(`${instance.url}/api/me`, {
          headers: { Cookie: cookie, Accept: 'application/json' },
        })
        expect(me.status).toBe(200)
      }
    })

    it('takes a 100 MB tus upload in 8 MiB chunks across both instances, aborted and resumed, and serves it back', async () => {
      const block = randomBytes(MiB)
      const source = await sha256Of(generated(SIZE, block))
      const patchesBefore = instances.map((i) => (i.output().match(/"method":"PATCH"/g) ?? []).length)

      let fileId: string | null = null
      const common = {
        endpoint: `${balancer}/api/uploads`,
        headers: headers(),
        chunkSize: CHUNK,
        uploadSize: SIZE,
        metadata: { filename: 'big.bin', folder_id: folderId },
        retryDelays: [100, 250, 500, 1000, 1000, 2000, 2000],
        fileReader: generatedSource(SIZE, block),
        onAfterResponse: (_req: unknown, res: { getHeader(name: string): string | undefined }) => {
          fileId = res.getHeader('Depot-File-Id') ?? fileId
        },
      }
      // Aborted in the middle of a chunk, after about 40 MB.
      const url = await new Promise<string>((resolve, reject) => {
        const upload: Upload = new Upload(Buffer.alloc(0), {
          ...common,
          onProgress: (sent) => {
            if (sent > 40 * MiB + MiB / 2 && upload.url) {
              const at = upload.url
              void upload.abort(false).then(() => resolve(at), reject)
            }
          },
          onSuccess: () => reject(new Error('finished before it could be aborted')),
          onError: reject,
        })
        upload.start()
      })
      // Resumed: the client asks where the upload stands (either instance answers) and goes on from there.
      await new Promise<void>((resolve, reject) => {
        new Upload(Buffer.alloc(0), {
          ...common,
          uploadUrl: url,
          onSuccess: () => resolve(),
          onError: reject,
        }).start()
      })
      expect(fileId).toBeTruthy()

      // Both instances took PATCHes of this upload: round robin, no stickiness.
      await waitFor(
        async () =>
          instances.every(
            (instance, i) => (instance.output().match(/"method":"PATCH"/g) ?? []).length > patchesBefore[i]!,
          ),
        5_000,
        'both instances to log PATCHes',
      )

      for (let i = 0; i < 2; i++) {
        const download = await fetch(`${balancer}/api/files/${fileId}/download`, { headers: headers() })
        expect(download.status).toBe(200)
        expect(await sha256Of(download.body as unknown as AsyncIterable<Uint8Array>)).toEqual(source)
      }
      const ranged = await fetch(`${balancer}/api/files/${fileId}/download`, {
        headers: { ...headers(), Range: `bytes=${5 * MiB}-${5 * MiB + 99}` },
      })
      expect(ranged.status).toBe(206)
      const expected = Buffer.from(block.subarray(0, 100))
      expected.writeUInt32BE(5, 0)
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(expected)
    }, 150_000)

    it('zips a folder through the balancer', async () => {
      const small = randomBytes(1000)
      const created = await fetch(`${balancer}/api/uploads`, {
        method: 'POST',
        headers: {
          ...headers(),
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(small.length),
          'Upload-Metadata': `filename ${Buffer.from('small.bin').toString('base64')},folder_id ${Buffer.from(
            folderId,
          ).toString('base64')}`,
          'Content-Type': 'application/offset+octet-stream',
        },
        body: small,
      })
      expect(created.status).toBe(201)
      const zip = await fetch(`${balancer}/api/folders/${folderId}/zip`, { headers: headers() })
      expect(zip.status).toBe(200)
      let size = 0
      let found = false
      const marker = small.subarray(0, 64)
      let carry = Buffer.alloc(0)
      for await (const chunk of zip.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength
        const window = Buffer.concat([carry, Buffer.from(chunk)])
        if (!found && window.includes(marker)) found = true
        carry = window.subarray(Math.max(0, window.length - 64))
      }
      expect(size).toBe(Number(zip.headers.get('content-length')))
      expect(found).toBe(true)
    }, 60_000)

    it('delivers a notification caused through one instance to a stream held open on the other', async () => {
      const [a, b] = instances as [ServerProcess, ServerProcess]
      const opened = await fetch(`${b.url}/api/notifications/stream`, {
        headers: { Cookie: cookie, Accept: 'text/event-stream' },
      })
      expect(opened.status).toBe(200)
      const events = eventStream(opened.body!)
      try {
        await events.next((e) => e.event === 'ready', 10_000)
        // Someone else (a reader is not told of their own actions) uploads into the folder through A.
        const database = openDatabase(testDb.config)
        const colleague = await insertUserWithPassword(database.db, 'colleague password')
        await grantEditor(database, colleague.id)
        await database.close()
        const colleagueCookie = await signInOverHttp(
          a.url,
          balancer,
          colleague.email,
          colleague.plainPassword,
        )
        const name = `live-${randomUUID()}.txt`
        const created = await fetch(`${a.url}/api/uploads`, {
          method: 'POST',
          headers: {
            Cookie: colleagueCookie,
            Origin: balancer,
            'Tus-Resumable': '1.0.0',
            'Upload-Length': '5',
            'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')},folder_id ${Buffer.from(
              folderId,
            ).toString('base64')}`,
            'Content-Type': 'application/offset+octet-stream',
          },
          body: 'hello',
        })
        expect(created.status).toBe(201)
        // Well inside the stream's 20 s heartbeat: B was told by A through the database, not by polling.
        const started = Date.now()
        const note = await events.next((e) => e.event === 'notification' && e.data.includes(name), 5_000)
        expect(Date.now() - started).toBeLessThan(5_000)
        expect(JSON.parse(note.data)).toMatchObject({ action: 'uploaded' })
      } finally {
        await events.close()
      }
    }, 30_000)

    it('completes checkouts on one standalone emulator whichever instance each step reaches', async () => {
      const database = openDatabase(testDb.config)
      const content = randomBytes(200_000)
      const storage = createStorage(loadEnv({ ...s3.env, DATA_DIR: path.join(dir, 'test-store') }))
      const stored = await storage.put(Readable.from([content]))
      const product = await insertProduct(database.db, {
        price: 25_000,
        deliveryFileKey: stored.key,
        deliveryFileName: 'guide.pdf',
        deliveryFileType: 'application/pdf',
        deliveryFileSize: stored.size,
      })
      await database.close()

      const checkouts = () => instances.map((i) => answered(i, 'POST', '/api/shop/checkout', 201))
      const webhooks = () => instances.map((i) => answered(i, 'POST', '/api/payments/paystack/webhook', 200))
      const [checkoutsBefore, webhooksBefore] = [checkouts(), webhooks()]
      const servedByBoth = () =>
        checkouts().every((n, i) => n > checkoutsBefore[i]!) &&
        webhooks().every((n, i) => n > webhooksBefore[i]!)

      let paid = 0
      while (paid < 2 || (!servedByBoth() && paid < 12)) {
        const started = await fetch(`${balancer}/api/shop/checkout`, {
          method: 'POST',
          headers: { ...headers(), 'Content-Type': 'application/json' },
          body: JSON.stringify({ items: [{ product_id: product.id, quantity: 1 }] }),
        })
        expect(started.status, await started.clone().text()).toBe(201)
        const session = (await started.json()) as {
          order_id: string
          access_code: string
          checkout_url: string
          emulated: boolean
        }
        expect(session).toMatchObject({
          emulated: true,
          checkout_url: `${emulatorUrl}/checkout/${session.access_code}`,
        })
        // The buyer pays on the emulator's page; its webhook comes back through the balancer.
        const payment = await fetch(session.checkout_url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ card_number: '4084084084084081', intent: 'pay' }).toString(),
          redirect: 'manual',
        })
        expect(payment.status).toBe(303)
        let order: { status: string; deliverables: { url: string }[] } | undefined
        await waitFor(
          async () => {
            const res = await fetch(`${balancer}/api/shop/orders/${session.order_id}`, {
              headers: { Cookie: cookie, Accept: 'application/json' },
            })
            order = (await res.json()) as typeof order
            return order?.status === 'paid'
          },
          15_000,
          `order ${session.order_id} to be paid`,
        )
        paid++
        expect(order!.deliverables).toHaveLength(1)
        const link = new URL(order!.deliverables[0]!.url)
        expect(link.origin).toBe(balancer)
        const download = await fetch(link)
        expect(download.status).toBe(200)
        expect(download.headers.get('content-disposition')).toContain('guide.pdf')
        expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true)
      }
      // Each instance started at least one checkout and settled at least one by its webhook.
      expect({ paid, servedByBoth: servedByBoth() }).toMatchObject({ servedByBoth: true })
    }, 120_000)

    it('runs each periodic job tick on exactly one instance when both tick at once', async () => {
      const database = openDatabase(testDb.config)
      const ended = new Date(Date.now() - 60 * 60 * 1000).toISOString()
      await database.db
        .insertInto('rate_limits')
        .values(Array.from({ length: 7 }, (_, i) => ({ key: `scale-out:${i}`, count: 1, reset_at: ended })))
        .execute()
      const started = logLines(instances[0]!).find((l) => l.msg === 'periodic jobs started')
      const names = (started!.jobs as { name: string }[]).map((j) => j.name)
      expect(names).toContain('purge-rate-limits')

      const before = await Promise.all(instances.map(jobRuns))
      const outputBefore = instances.map((i) => i.output().length)
      const delta = (after: Map<string, number>[], job: string, outcome: string) =>
        after.reduce(
          (sum, runs, i) =>
            sum + (runs.get(`${job} ${outcome}`) ?? 0) - (before[i]!.get(`${job} ${outcome}`) ?? 0),
          0,
        )
      // Both instances' turns for every job, at the same moment.
      for (const instance of instances) instance.child.kill('SIGUSR2')
      let after: Map<string, number>[] = []
      await waitFor(
        async () => {
          after = await Promise.all(instances.map(jobRuns))
          return names.every(
            (job) =>
              delta(after, job, 'done') + delta(after, job, 'failed') + delta(after, job, 'skipped') >= 2,
          )
        },
        60_000,
        'both instances to take their turn at every job',
      )
      const outcomes = Object.fromEntries(
        names.map((job) => [
          job,
          {
            done: delta(after, job, 'done'),
            failed: delta(after, job, 'failed'),
            skipped: delta(after, job, 'skipped'),
          },
        ]),
      )
      expect(outcomes).toEqual(
        Object.fromEntries(names.map((job) => [job, { done: 1, failed: 0, skipped: 1 }])),
      )

      // The run's effect: the ended windows are gone, deleted by one instance (the other never ran).
      const left = await database.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', 'scale-out:%')
        .execute()
      await database.close()
      expect(left).toEqual([])
      const purged = instances.map(
        (instance, i) =>
          logLines(instance, outputBefore[i]).filter(
            (l) => l.msg === 'job done' && l.job === 'purge-rate-limits',
          ).length,
      )
      expect(purged.sort()).toEqual([0, 1])
    }, 90_000)

    it('loses no started request when one instance gets SIGTERM, and the other serves on', async () => {
      const [a, b] = instances as [ServerProcess, ServerProcess]
      const requests = Array.from({ length: 40 }, (_, i) =>
        (async () => {
          await new Promise((r) => setTimeout(r, i * 10))
          return (
            await fetch(`${balancer}/api/me`, { headers: { Cookie: cookie, Accept: 'application/json' } })
          ).status
        })(),
      )
      await new Promise((r) => setTimeout(r, 100))
      a.child.kill('SIGTERM')
      expect(await a.exited).toBe(0)
      expect(await Promise.all(requests)).toEqual(requests.map(() => 200))
      for (let i = 0; i < 4; i++) {
        const me = await fetch(`${balancer}/api/me`, {
          headers: { Cookie: cookie, Accept: 'application/json' },
        })
        expect(me.status).toBe(200)
      }
      expect(b.child.exitCode).toBeNull()
    }, 60_000)
  },
)
