import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import { Readable } from 'node:stream'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/connection'
import { newId } from '../../src/server/lib/ids'
import { insertFolder } from '../support/factories'
import { insertUserWithPassword } from '../support/people'
import { freePort, type ServerProcess, signInOverHttp, startServer } from '../support/server-process'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

// A crash mid-upload (docs/decisions/0114): the real server as a child process is killed (SIGKILL) while
// tus-js-client is sending a chunk, then started again on the same port and data. The dead request's
// writer lease names the earlier boot of this instance, so the restarted one ignores it, and the client,
// with tus-js-client's default retry delays, asks for the offset and finishes the same upload. The server
// runs bundled, as `npm start` runs it: its restart has to fit in those retries (about 9 s), which tsx
// compiling every module on a busy machine does not. A forced shutdown (requests outlasting the grace
// period after SIGTERM) gives back the leases of the requests it cuts off.

const MiB = 1 << 20
const SIZE = 24 * MiB + 4321
const CHUNK = 4 * MiB
const GRACE_SECONDS = 3

let testDb: TestDatabase
let env: Record<string, string>
let server: ServerProcess
let origin = ''
let cookie = ''
let folderId = ''

beforeAll(async () => {
  testDb = await createTestDatabase()
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  env = {
    DATA_DIR: testDb.dir,
    DATABASE_URL: testDb.config.dialect === 'postgres' ? testDb.config.url : testDb.config.file,
    PORT: String(port),
    AUTH_URL: origin,
    AUTH_SECRET: randomBytes(48).toString('base64'),
    MAX_UPLOAD_BYTES: String(64 * MiB),
    // A forced shutdown below waits this out: 3 s, not the default 25.
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
  }
  server = await startServer(env, 60_000)
  const database = openDatabase(testDb.config)
  try {
    const user = await insertUserWithPassword(database.db, 'crash test password')
    folderId = (await insertFolder(database.db, { folder_name: 'Crash', type: 'locked' })).id
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
    cookie = await signInOverHttp(origin, origin, user.email, user.plainPassword)
  } finally {
    await database.close()
  }
}, 90_000)

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  await testDb?.drop()
})

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

/**
 * The input as tus-js-client's file source, each chunk a stream. The chunk holding byte `stallAt` sends
 * its bytes up to there and then waits (once), so the crash comes while that PATCH holds its lease.
 */
function stallingSource(input: Buffer, stallAt: number, onStall: (body: Readable) => void) {
  let stalled = false
  return {
    openFile: async () => ({
      size: input.length,
      slice: async (start: number, end: number) => {
        const to = Math.min(end, input.length)
        const bytes = input.subarray(start, to)
        let body: Readable
        if (!stalled && start <= stallAt && stallAt < to) {
          stalled = true
          body = new Readable({ read() {} })
          body.push(bytes.subarray(0, stallAt - start))
          onStall(body)
        } else {
          body = Readable.from([bytes])
        }
        // tus-js-client reads a value's length from `size`.
        return { value: Object.assign(body, { size: bytes.length }), done: to >= input.length }
      },
      close: () => {},
    }),
  }
}

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await read()
    if (value !== undefined) return value
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('an upload cut by a server crash', () => {
  it('resumes on the restarted server within tus-js-client’s default retries and stores the right bytes', async () => {
    const input = randomBytes(SIZE)
    const database = openDatabase(testDb.config)
    const writerOf = async () =>
      (
        await database.db.selectFrom('upload_sessions').select(['id', 'writer', 'writer_until']).execute()
      ).find((row) => row.writer !== null)
    let crashed: Promise<{ writer: string | null; writer_until: string | null }> | undefined
    let fileId: string | null = null
    let resumedAt: number | undefined
    try {
      const upload = await new Promise<Upload>((resolve, reject) => {
        const upload: Upload = new Upload(input, {
          endpoint: `${origin}/api/uploads`,
          headers: { Cookie: cookie, Origin: origin },
          chunkSize: CHUNK,
          metadata: { filename: 'crash.bin', folder_id: folderId },
          // retryDelays left at tus-js-client's default: [0, 1000, 3000, 5000]
          fileReader: stallingSource(input, 2 * CHUNK + MiB, (body) => {
            crashed = (async () => {
              // The third PATCH has taken its lease and is waiting for the rest of its body: crash now.
              await waitFor(writerOf, 'the third PATCH to take the writer lease')
              const dead = server
              dead.child.kill('SIGKILL')
              await dead.exited
              body.destroy()
              const left = await waitFor(writerOf, 'the dead request’s lease')
              server = await startServer(env, 60_000)
              return left
            })()
          }),
          onAfterResponse: (req, res) => {
            fileId = res.getHeader('Depot-File-Id') ?? fileId
            // The first chunk the restarted server took: when the upload had resumed.
            if (crashed && resumedAt === undefined && req.getMethod() === 'PATCH' && res.getStatus() === 204)
              resumedAt = Date.now()
          },
          onSuccess: () => resolve(upload),
          onError: reject,
        })
        upload.start()
      })
      // The crash left a lease that had a minute to run; the restarted instance did not wait for it:
      // it took the resumed chunk while that lease still ran (however slow the restart itself was).
      const left = await crashed!
      expect(resumedAt).toBeDefined()
      expect(Date.parse(left.writer_until!)).toBeGreaterThan(resumedAt!)
      // The same upload went on, resumed from the two chunks saved before the crash: no second creation.
      expect(upload.url).toMatch(/\/api\/uploads\//)
      expect(server.output()).not.toMatch(/"method":"POST","path":"\/api\/uploads"/)
      expect(server.output()).toMatch(/"method":"HEAD","path":"\/api\/uploads\/[^"]+","status":200/)
      expect(fileId).toBeTruthy()
      const download = await fetch(`${origin}/api/files/${fileId}/download`, { headers: { Cookie: cookie } })
      expect(download.status).toBe(200)
      const stored = Buffer.from(await download.arrayBuffer())
      expect(stored.length).toBe(SIZE)
      expect(sha(stored)).toBe(sha(input))
    } finally {
      await database.close()
    }
  }, 120_000)

  it('a forced shutdown gives back the leases of the uploads it cuts off', async () => {
    const database = openDatabase(testDb.config)
    try {
      const created = await fetch(`${origin}/api/uploads`, {
        method: 'POST',
        headers: {
          Cookie: cookie,
          Origin: origin,
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(2 * MiB),
          'Upload-Metadata': `filename ${btoa('cut.bin')},folder_id ${btoa(folderId)}`,
        },
      })
      expect(created.status).toBe(201)
      const location = created.headers.get('location')!
      const id = location.split('/').pop()!
      // A PATCH that sends half its bytes and then waits: it outlives the shutdown's grace period.
      const patch = http.request(`${origin}${location}`, {
        method: 'PATCH',
        headers: {
          Cookie: cookie,
          Origin: origin,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(2 * MiB),
        },
      })
      patch.on('error', () => {}) // cut off by the exit
      patch.write(randomBytes(MiB))
      const lease = () =>
        database.db.selectFrom('upload_sessions').select('writer').where('id', '=', id).executeTakeFirst()
      await waitFor(async () => ((await lease())?.writer ? true : undefined), 'the PATCH to take its lease')
      const stopping = Date.now()
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(1)
      // Cut off when SHUTDOWN_GRACE_SECONDS ran out, not the default 25 s.
      const took = Date.now() - stopping
      expect(took).toBeGreaterThanOrEqual(GRACE_SECONDS * 1000 - 100)
      expect(took).toBeLessThan(20_000)
      expect(server.output()).toContain('upload writer leases given back')
      expect((await lease())?.writer).toBeNull()
      patch.destroy()
    } finally {
      await database.close()
    }
  }, 60_000)
})
