import { beforeAll, describe, expect, it } from 'vitest'
import { buildJobTable } from '../../src/server/jobs'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { entryFor, file, fileRow, folder, folderRow } from './helpers'

// The retention purge (product.md §2): entries older than TRASH_RETENTION_DAYS (30 by default) are
// deleted for good by a periodic job, by the app's clock, each group together, and their blobs are
// reclaimed by the blob job.

let t: TestApp
let owner: Person
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
})

async function runJob(name: string) {
  const job = buildJobTable(t.deps).find((j) => j.name === name)!
  return job.run(new AbortController().signal)
}

describe('the purge job', () => {
  it('keeps a 29-day-old entry and purges a 31-day-old one with what went with it', async () => {
    const top = await folder(t, 'Top')
    await grant(t, top.id, owner.id, 'administrator')
    const old = await folder(t, 'Old', { parent_id: top.id, type: 'public' })
    const oldFile = await file(t, old.id, 'old.txt', 'old')
    const recent = await file(t, top.id, 'recent.txt', 'recent')
    await call(owner, 'DELETE', `/api/folders/${old.id}`)
    t.clock.advance(2 * DAY)
    await call(owner, 'DELETE', `/api/files/${recent.id}`)

    t.clock.advance(29 * DAY) // Old: 31 days in the trash; recent: 29.
    expect(t.deps.env.trashRetentionDays).toBe(30)
    expect(await runJob('purge-trash')).toEqual({ deleted: 1 })
    expect(await folderRow(t, old.id)).toBeUndefined()
    expect(await fileRow(t, oldFile.id)).toBeUndefined()
    expect(await entryFor(t, oldFile.id)).toBeUndefined()
    expect(await fileRow(t, recent.id)).toMatchObject({ isTrashed: true })
    expect(await entryFor(t, recent.id)).toBeDefined()

    expect(await t.deps.storage.exists(oldFile.path)).toBe(true)
    expect(await runJob('delete-blobs')).toEqual({ deleted: 1, failed: 0 })
    expect(await t.deps.storage.exists(oldFile.path)).toBe(false)
    expect(await t.deps.storage.exists(recent.path)).toBe(true)
  })

  it('retries a blob that fails to delete, later, and keeps the error', async () => {
    const { drainBlobDeletions } = await import('../../src/server/lib/storage/blob-deletions')
    const { enqueueBlobDeletions } = await import('../../src/server/lib/storage/blob-deletions.repository')
    const key = (
      await t.deps.storage.put(
        (async function* () {
          yield Buffer.from('x')
        })(),
      )
    ).key
    await enqueueBlobDeletions(t.database.db, [key], t.clock.now)
    let fail = true
    const flaky = {
      ...t.deps.storage,
      delete: async (k: string) => {
        if (fail) throw new Error('storage is down')
        return t.deps.storage.delete(k)
      },
    }
    expect(await drainBlobDeletions(t.database.db, flaky, t.clock.now)).toEqual({ deleted: 0, failed: 1 })
    const row = await t.database.db
      .selectFrom('blob_deletions')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ attempts: 1, lastError: 'storage is down' })
    // Not due yet: nothing is tried.
    fail = false
    expect(await drainBlobDeletions(t.database.db, flaky, t.clock.now)).toEqual({ deleted: 0, failed: 0 })
    t.clock.advance(60 * 60 * 1000)
    expect(await drainBlobDeletions(t.database.db, flaky, t.clock.now)).toEqual({ deleted: 1, failed: 0 })
    expect(await t.deps.storage.exists(key)).toBe(false)
  })
})
