import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/connection'
import { newId } from '../../src/server/lib/ids'
import { startTestS3Server, type TestS3Server } from '../storage/s3-test-server'
import { insertFolder } from '../support/factories'
import { insertUserWithPassword } from '../support/people'
import { type ServerProcess, startServer } from '../support/server-process'
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database'

// Two real Depot processes on one PostgreSQL database and one S3 bucket (s3rver), behind Debian's
// nginx balancing round robin with no sticky sessions, set up as docs/deploy.md shows. Sessions,
// resumable uploads, downloads and zips work whichever instance a request reaches.

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
let balancer = ''
const instances: ServerProcess[] = []
let cookie = ''
let folderId = ''

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

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

beforeAll(async () => {
  if (why) return
  s3 = await startTestS3Server()
  testDb = await createTestDatabase()
  dir = mkdtempSync(path.join(os.tmpdir(), 'depot-scale-out-'))
  const nginxPort = await freePort()
  balancer = `http://127.0.0.1:${nginxPort}`
  const env = {
    DATABASE_URL: testDb.config.dialect === 'postgres' ? testDb.config.url : '',
    AUTH_URL: balancer,
    AUTH_SECRET: randomBytes(48).toString('base64'),
    TRUST_PROXY: '127.0.0.1',
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
  const now = new Date().toISOString()
  await database.db
    .insertInto('folder_permissions')
    .values({
      id: newId(),
      folder_id: folderId,
      user_id: user.id,
      permissionType: 'editor',
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await database.close()

  // Signed in on instance A directly.
  const jar = new Map<string, string>()
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      jar.set(pair!.slice(0, at), pair!.slice(at + 1))
    }
  }
  const jarHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const csrf = await fetch(`${instances[0]!.url}/api/auth/csrf`)
  keep(csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  keep(
    await fetch(`${instances[0]!.url}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jarHeader(), Origin: balancer },
      body: new URLSearchParams({ csrfToken, email: user.email, password: user.plainPassword }).toString(),
    }),
  )
  cookie = jarHeader()
}, 120_000)

afterAll(async () => {
  if (why) return
  nginx?.kill('SIGTERM')
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
