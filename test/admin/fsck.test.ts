import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../src/server/features/admin/admin-cli'
import { buildJobTable } from '../../src/server/jobs'
import { diskBlobPath } from '../../src/server/lib/storage'
import { insertDeliverableVersion, insertFile, insertFolder, insertProduct } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'

const HOUR = 3_600_000

async function admin(t: TestApp, ...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdminCommand(t.deps, argv, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

async function putBlob(t: TestApp, text: string, ageHours = 0) {
  const { key } = await t.deps.storage.put(Readable.from([Buffer.from(text)]))
  if (ageHours > 0) {
    const when = new Date(Date.now() - ageHours * HOUR)
    await utimes(diskBlobPath(path.join(t.deps.env.dataDir, 'blobs'), key), when, when)
  }
  return key
}

const thumbnailsDir = (t: TestApp) => path.join(t.deps.env.dataDir, 'thumbnails')
async function putThumbnail(t: TestApp, key: string) {
  await mkdir(thumbnailsDir(t), { recursive: true })
  await writeFile(path.join(thumbnailsDir(t), `${key}-256.webp`), 'webp')
}

/** Every table that names a blob, each with an old blob, plus an old and a young orphan and a missing blob. */
async function seed(t: TestApp) {
  const db = t.database.db
  const folder = await insertFolder(db)
  const fileKey = await putBlob(t, 'a file', 48)
  const trashedKey = await putBlob(t, 'a trashed file', 48)
  const deliveryKey = await putBlob(t, 'an e-book', 48)
  const coverSmall = await putBlob(t, 'small cover', 48)
  const coverLarge = await putBlob(t, 'large cover', 48)
  const file = await insertFile(db, folder.id, { path: fileKey, size: 6 })
  await insertFile(db, folder.id, { path: trashedKey, size: 14, isTrashed: true })
  const product = await insertProduct(db, {
    deliveryFileKey: deliveryKey,
    coverSmallKey: coverSmall,
    coverLargeKey: coverLarge,
  })
  // A deliverable's blob is named through its version row (decision 0092).
  const version = await insertDeliverableVersion(db, product.id, deliveryKey)
  await db.updateTable('products').set({ deliveryVersionId: version }).where('id', '=', product.id).execute()
  const oldOrphan = await putBlob(t, 'left by a crash', 30)
  const youngOrphan = await putBlob(t, 'an upload finishing', 1)
  const missingKey = '0190f0e0-0000-7000-8000-00000000beef'
  const broken = await insertFile(db, folder.id, { path: missingKey, size: 3 })
  await putThumbnail(t, fileKey) // a referenced blob's thumbnail stays
  const staleThumb = '0190f0e0-0000-7000-8000-0000000000aa'
  await putThumbnail(t, staleThumb) // its blob is gone
  return {
    referenced: [fileKey, trashedKey, deliveryKey, coverSmall, coverLarge],
    oldOrphan,
    youngOrphan,
    missingKey,
    broken,
    file,
    staleThumb,
  }
}

describe('fsck: blobs against the rows that name them', () => {
  it('reports without --repair and changes nothing', async () => {
    const t = await createTestApp()
    const s = await seed(t)
    const r = await admin(t, 'fsck')
    expect(r.code).toBe(0)
    expect(r.out).toContain(`missing: files.path of ${s.broken.id} names ${s.missingKey}`)
    expect(r.out).toContain(`orphan: ${s.oldOrphan} (15 bytes,`)
    expect(r.out).not.toContain(s.youngOrphan)
    expect(r.out).toContain(
      '1 row(s) with a missing blob; 1 orphan blob(s) older than 24 h, 1 younger (left alone), 0 already queued; 1 stale thumbnail(s).',
    )
    expect(r.out).toContain('Run with --repair to delete them.')
    expect(await t.deps.storage.exists(s.oldOrphan)).toBe(true)
    expect(await t.database.db.selectFrom('blob_deletions').selectAll().execute()).toEqual([])
    expect((await readdir(thumbnailsDir(t))).length).toBe(2)
  })

  it('--repair deletes old orphans through the deletion queue; young orphans, referenced blobs and their thumbnails stay', async () => {
    const t = await createTestApp()
    const s = await seed(t)
    const r = await admin(t, 'fsck', '--repair')
    expect(r.code).toBe(0)
    expect(r.out).toContain(
      'Queued 1 orphan blob(s) for deletion; 1 blob(s) deleted now; 1 stale thumbnail(s) removed.',
    )
    expect(await t.deps.storage.exists(s.oldOrphan)).toBe(false)
    expect(await t.deps.storage.exists(s.youngOrphan)).toBe(true)
    for (const key of s.referenced) expect(await t.deps.storage.exists(key)).toBe(true)
    expect(await readdir(thumbnailsDir(t))).toEqual([`${s.referenced[0]}-256.webp`])
    expect(await t.database.db.selectFrom('blob_deletions').selectAll().execute()).toEqual([])
    // The broken row is reported, never deleted: the operator decides.
    expect(
      await t.database.db.selectFrom('files').select('id').where('id', '=', s.broken.id).execute(),
    ).toHaveLength(1)

    // A second pass finds only what is left on purpose; a shorter grace period takes the young one too.
    expect((await admin(t, 'fsck')).out).toContain(
      '1 row(s) with a missing blob; 0 orphan blob(s) older than 24 h, 1 younger',
    )
    expect((await admin(t, 'fsck', '--repair', '--grace-hours', '0')).out).toContain(
      'Queued 1 orphan blob(s)',
    )
    expect(await t.deps.storage.exists(s.youngOrphan)).toBe(false)
    for (const key of s.referenced) expect(await t.deps.storage.exists(key)).toBe(true)
  })

  it('runs as a periodic job that queues old orphans for the deletion job and counts missing blobs', async () => {
    const t = await createTestApp()
    const s = await seed(t)
    const jobs = buildJobTable(t.deps)
    const check = jobs.find((j) => j.name === 'check-blob-integrity')!
    expect(await check.run(new AbortController().signal)).toMatchObject({
      orphans: 1,
      youngOrphans: 1,
      missing: 1,
      queued: 1,
    })
    const queued = await t.database.db.selectFrom('blob_deletions').select('key').execute()
    expect(queued).toEqual([{ key: s.oldOrphan }])
    // Queued, not yet deleted: the deletion job does that, with its retries.
    expect(await t.deps.storage.exists(s.oldOrphan)).toBe(true)
    await jobs.find((j) => j.name === 'delete-blobs')!.run(new AbortController().signal)
    expect(await t.deps.storage.exists(s.oldOrphan)).toBe(false)
    expect(await t.deps.storage.exists(s.youngOrphan)).toBe(true)
    for (const key of s.referenced) expect(await t.deps.storage.exists(key)).toBe(true)
    // A second run does not queue it again, nor anything else.
    expect(await check.run(new AbortController().signal)).toMatchObject({ orphans: 0, queued: 0 })
  })

  it('reports every row of a restore that lost more blobs than one batch of its checks', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const folder = await insertFolder(db)
    const keptKey = await putBlob(t, 'still here', 48)
    await insertFile(db, folder.id, { path: keptKey, size: 10 })
    const lost = 1_201
    const broken: string[] = []
    for (let i = 0; i < lost; i++) {
      const key = `0190f0e0-0000-7000-8000-${String(i).padStart(12, '0')}`
      broken.push((await insertFile(db, folder.id, { path: key, size: 3 })).id)
    }
    const r = await admin(t, 'fsck', '--grace-hours', '0')
    expect(r.code).toBe(0)
    expect(r.out).toContain(`${lost} row(s) with a missing blob; 0 orphan blob(s)`)
    for (const id of [broken[0], broken[499], broken[500], broken[lost - 1]])
      expect(r.out).toContain(`missing: files.path of ${id} names`)
    expect(r.out).not.toContain(keptKey)
  })

  it('refuses a bad --grace-hours', async () => {
    const t = await createTestApp()
    const r = await admin(t, 'fsck', '--grace-hours', 'soon')
    expect(r.code).toBe(2)
    expect(r.err).toContain('--grace-hours: must be a whole number of hours')
  })
})
