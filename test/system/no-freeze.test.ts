import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../src/server/lib/ids'
import { nameKey } from '../../src/shared/names'
import { insertFiles, insertFolder } from '../support/factories'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'

// A long export, trash or restore must not stop the server answering everyone else: SQLite runs on the
// event loop, so the work has to give it back between bounded statements, and a long write transaction
// must not hold up the reads of other requests (on SQLite they run on a second connection,
// docs/decisions/0099). A loaded test machine makes every answer slow, so the test does not bound a
// latency: it asks that answers kept coming all along, the longest silence being a small part of the
// whole operation: held up behind the work, the probes would be silent for nearly all of it. That each
// statement stays bounded is test/files/subtree-pages.test.ts's; the benchmark
// (bench/no-freeze.bench.ts) holds the real goal: 50 ms at 100k rows on an idle machine.
const ROWS = 30_000
const FILES = 20_000
/**
 * The longest silence allowed, as a share of the operation's length. A server frozen by the work is
 * silent for all of it; on a loaded machine (another test file on the other core) the scheduler alone
 * left a working server silent for over a quarter of a 2 s run, so the bound is half.
 */
const MAX_GAP_SHARE = 0.5
const MIN_ANSWERS = 10

let t: TestApp
let url: string
let cookie: string
let bigFolderId: string
let close: () => Promise<void>

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const { client } = await signedIn(t, { role: 'admin' })
  cookie = client.cookieHeader()

  const stamp = Date.UTC(2025, 0, 1)
  const row = (i: number) => {
    const createdAt = new Date(stamp + i * 1000).toISOString()
    return {
      id: newId(),
      first_name: `Bulk${i}`,
      last_name: 'Person',
      name: `Bulk${i} Person`,
      email: `bulk-${i}@example.com`,
      emailVerified: createdAt,
      account_type: 'individual' as const,
      role: 'user' as const,
      staffFunctions: '[]',
      isRestricted: false,
      createdAt,
      updatedAt: createdAt,
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ROWS; i += 500)
      await trx
        .insertInto('users')
        .values(Array.from({ length: Math.min(500, ROWS - i) }, (_, k) => row(i + k)))
        .execute()
  })

  // A folder of tens of thousands of files, as rows: trashing and restoring it touch every one.
  const big = await insertFolder(db, { folder_name: 'Big', name_key: nameKey('Big') })
  bigFolderId = big.id
  await db.transaction().execute(async (trx) => {
    const at = new Date(stamp).toISOString()
    await insertFiles(trx, big.id, FILES, (n) => ({
      filename: `file-${n}.txt`,
      size: 1,
      createdAt: at,
      updatedAt: at,
    }))
  })

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => new Promise<void>((resolve) => server.close(() => resolve()))
}, 120_000)

afterAll(() => close?.())

async function timed(path: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(url + path, { headers: { Cookie: cookie } })
  await res.arrayBuffer()
  expect(res.status).toBe(200)
  return performance.now() - started
}

interface Probed {
  /** The operation's length, from its start until it settled. */
  ms: number
  answers: number
  /** The longest time without an answer: from the start, between answers, until the end. */
  maxGap: number
}

/** Probes /healthz and /api/me one after the other until `work` settles. */
async function probeDuring(work: () => Promise<unknown>): Promise<Probed> {
  const started = performance.now()
  let done = false
  const settled = work().finally(() => {
    done = true
  })
  // Seen below by the await; a probe failing first must not leave it unhandled.
  settled.catch(() => {})
  let answers = 0
  let maxGap = 0
  let last = started
  const answered = () => {
    const now = performance.now()
    maxGap = Math.max(maxGap, now - last)
    last = now
    answers++
  }
  while (!done) {
    await timed('/healthz')
    if (done) break
    answered()
    await timed('/api/me')
    if (!done) answered()
  }
  await settled
  const ended = performance.now()
  return { ms: ended - started, answers, maxGap: Math.max(maxGap, ended - last) }
}

/**
 * Held up behind the work, the probes would be answered once or twice in the whole run, the last time
 * after it ended. Answered all along, they come many times and never fall silent for long.
 */
function expectAnsweringAllAlong({ ms, answers, maxGap }: Probed) {
  const seen = `${answers} answers in ${ms.toFixed(0)} ms, longest silence ${maxGap.toFixed(0)} ms`
  expect(answers, seen).toBeGreaterThanOrEqual(MIN_ANSWERS)
  expect(maxGap, seen).toBeLessThan(ms * MAX_GAP_SHARE)
}

async function send(method: string, path: string) {
  const res = await fetch(url + path, {
    method,
    headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
    body: method === 'POST' ? '{}' : undefined,
  })
  const text = await res.text()
  expect(res.status, text).toBe(200)
  return JSON.parse(text)
}

describe('trashing and restoring a folder of tens of thousands of files', () => {
  it('leaves /healthz and a small API call answering quickly while the transaction runs', async () => {
    const db = t.database.db
    let trashed: { items: number } | undefined
    expectAnsweringAllAlong(
      await probeDuring(() => send('DELETE', `/api/folders/${bigFolderId}`).then((body) => (trashed = body))),
    )
    expect(trashed?.items).toBe(FILES + 1)
    const stillLive = await db
      .selectFrom('files')
      .where('folder_id', '=', bigFolderId)
      .where('isTrashed', '=', false)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(stillLive.n)).toBe(0)

    const entry = await db
      .selectFrom('trash_items')
      .select('id')
      .where('item_id', '=', bigFolderId)
      .executeTakeFirstOrThrow()
    expectAnsweringAllAlong(await probeDuring(() => send('POST', `/api/trash/${entry.id}/restore`)))
    const trashedNow = await db
      .selectFrom('files')
      .where('folder_id', '=', bigFolderId)
      .where('isTrashed', '=', true)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(trashedNow.n)).toBe(0)
  }, 120_000)
})

describe('a long export', () => {
  it('leaves /healthz and a small API call answering while it streams', async () => {
    let bytes = 0
    let lines = 0
    const probed = await probeDuring(async () => {
      const res = await fetch(`${url}/api/admin/users/export.csv`, { headers: { Cookie: cookie } })
      expect(res.status).toBe(200)
      const decoder = new TextDecoder()
      const reader = res.body!.getReader()
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        bytes += next.value.byteLength
        lines += decoder.decode(next.value, { stream: true }).split('\r\n').length - 1
      }
    })
    expect(lines).toBe(1 + ROWS + 1) // header, the bulk users and the admin
    expect(bytes).toBeGreaterThan(ROWS * 50)
    expectAnsweringAllAlong(probed)
  }, 120_000)
})
