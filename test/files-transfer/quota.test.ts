import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { file, folder } from '../files/helpers'
import { dav, makeToken } from '../files-dav/helpers'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { createUpload, patchUpload, tusBase, uploadFile } from './helpers'

// Customers' storage quota (docs/decisions/0046): uploads and copies reserve their bytes atomically, so
// concurrent creations never pass the quota; a terminated or expired upload stops counting; staff and
// admins have none; GET /api/me/storage tells each user where they stand.

const QUOTA = 1_000_000
const KB600 = 600_000

let t: TestApp
let folderId: string

beforeAll(async () => {
  t = await createTestApp({ env: { USER_QUOTA_BYTES: String(QUOTA) } })
  folderId = (await folder(t, 'Quota', { type: 'locked' })).id
})

async function customer(name: string): Promise<Person> {
  const p = await signedIn(t, { first_name: name, last_name: 'Tester' })
  await grant(t, folderId, p.id, 'editor')
  return p
}

const storage = (p: Person) => call(p, 'GET', '/api/me/storage')

async function reservedBytes(userId: string) {
  const rows = await t.database.db
    .selectFrom('upload_sessions')
    .select('length')
    .where('user_id', '=', userId)
    .execute()
  return rows.reduce((sum, r) => sum + Number(r.length), 0)
}

describe('reserving quota', () => {
  it('lets exactly one of 10 parallel 600 kB creations through a 1 MB quota', async () => {
    const p = await customer('Paula')
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createUpload(p, KB600, { filename: `r${i}.bin`, folder_id: folderId }),
      ),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([201, ...Array(9).fill(413)])
    for (const r of results.filter((x) => x.status === 413))
      expect(await r.json()).toMatchObject({ code: 'quota_exceeded' })
    expect(await reservedBytes(p.id)).toBe(KB600)
    expect(await storage(p)).toEqual({ used: KB600, uploading: KB600, versions: 0, quota: QUOTA })
  })

  it('never stores more than the quota when many small creations race', async () => {
    const p = await customer('Rita')
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createUpload(p, 150_000, { filename: `s${i}.bin`, folder_id: folderId }),
      ),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(6)
    expect(await reservedBytes(p.id)).toBeLessThanOrEqual(QUOTA)
  })

  it('releases the reservation of a terminated upload, and of one that expired', async () => {
    const p = await customer('Terry')
    const first = await createUpload(p, KB600, { filename: 'a.bin', folder_id: folderId })
    expect(first.status).toBe(201)
    expect((await createUpload(p, KB600, { filename: 'b.bin', folder_id: folderId })).status).toBe(413)
    const del = await p.client.request(first.headers.get('location')!, { method: 'DELETE', headers: tusBase })
    expect(del.status).toBe(204)
    expect((await storage(p)).used).toBe(0)
    const second = await createUpload(p, KB600, { filename: 'b.bin', folder_id: folderId })
    expect(second.status).toBe(201)
    // Abandoned: once past its expiry it no longer counts, even before the sweep removes it.
    t.clock.advance(t.deps.env.uploads.expiryMs + 1000)
    expect(await storage(p)).toMatchObject({ used: 0, uploading: 0 })
    expect((await createUpload(p, KB600, { filename: 'c.bin', folder_id: folderId })).status).toBe(201)
  })

  it('counts finished uploads as stored, not twice', async () => {
    const p = await customer('Uma')
    await uploadFile(p, folderId, 'kept.bin', randomBytes(KB600))
    expect(await storage(p)).toEqual({ used: KB600, uploading: 0, versions: 0, quota: QUOTA })
    const over = await createUpload(p, 500_000, { filename: 'more.bin', folder_id: folderId })
    expect(over.status).toBe(413)
    expect((await over.json()).detail).toMatch(/storage quota/)
  })
})

describe('copies', () => {
  it('refuse a file or folder copy that would pass the quota with 413, and count one that fits', async () => {
    const p = await customer('Cora')
    const source = await folder(t, `Source ${Math.random()}`, { parent_id: folderId, type: 'public' })
    const big = await file(t, source.id, 'big.bin', 'x'.repeat(KB600), { createdBy: p.id })
    const target = await folder(t, `Target ${Math.random()}`, { parent_id: folderId, type: 'public' })
    const filesBefore = await t.database.db.selectFrom('files').select('id').execute()

    const fileCopy = await p.client.json(`/api/files/${big.id}/copy`, 'POST', { targetFolderId: target.id })
    expect(fileCopy.status).toBe(413)
    expect(await fileCopy.json()).toMatchObject({ code: 'quota_exceeded' })
    const folderCopy = await p.client.json(`/api/folders/${source.id}/copy`, 'POST', {
      targetFolderId: target.id,
    })
    expect(folderCopy.status).toBe(413)
    expect(await t.database.db.selectFrom('files').select('id').execute()).toHaveLength(filesBefore.length)
    expect((await storage(p)).used).toBe(KB600)

    const small = await file(t, source.id, 'small.bin', 'y'.repeat(1000), { createdBy: p.id })
    await call(p, 'POST', `/api/files/${small.id}/copy`, { targetFolderId: target.id }, 201)
    expect((await storage(p)).used).toBe(KB600 + 2000)
  })

  it('reserve atomically: of parallel copies, only those that fit land', async () => {
    const p = await customer('Pia')
    const source = await folder(t, `Parallel ${Math.random()}`, { parent_id: folderId, type: 'public' })
    // Made by someone else: each copy costs Pia 300 kB; three fit in 1 MB, not ten.
    const piece = await file(t, source.id, 'piece.bin', 'z'.repeat(300_000))
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        p.client.json(`/api/files/${piece.id}/copy`, 'POST', { targetFolderId: source.id }),
      ),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(3)
    expect(results.filter((r) => r.status === 413)).toHaveLength(7)
    expect((await storage(p)).used).toBe(900_000)
  })
})

describe('reservations beside other writes', () => {
  it('copies and finishing uploads of one user into one folder all land together', async () => {
    const p = await customer('Mira')
    const place = await folder(t, `Busy ${Math.random()}`, { parent_id: folderId, type: 'public' })
    const piece = await file(t, place.id, 'piece.bin', 'p'.repeat(1000))
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        p.client
          .json(`/api/files/${piece.id}/copy`, 'POST', { targetFolderId: place.id })
          .then((r) => r.status),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        uploadFile(p, place.id, `u${i}.bin`, randomBytes(1000)).then(() => 201),
      ),
    ])
    expect(results).toEqual(Array(10).fill(201))
    expect((await storage(p)).used).toBe(10_000)
  })
})

describe('new versions', () => {
  // A version counts against the file's owner, whoever uploads it (docs/decisions/0113).
  async function replaceWith(p: Person, fileId: string, bytes: Uint8Array) {
    const created = await createUpload(p, bytes.length, { file_id: fileId })
    if (created.status !== 201) return created
    return patchUpload(p, created.headers.get('location')!, 0, bytes)
  }

  it("an editor's replacements count against the owner and stop at the owner's quota, named as theirs", async () => {
    const owner = await customer('Owen')
    const editor = await customer('Edna')
    const place = await folder(t, `Shared ${Math.random()}`, { parent_id: folderId, type: 'public' })
    const fileId = await uploadFile(owner, place.id, 'report.bin', randomBytes(300_000))
    const first = await replaceWith(editor, fileId, randomBytes(KB600))
    expect(first.status).toBe(204)
    expect(await storage(owner)).toEqual({ used: 900_000, uploading: 0, versions: 300_000, quota: QUOTA })
    expect(await storage(editor)).toMatchObject({ used: 0, versions: 0 })

    // Refused at creation: the owner has 100 kB left.
    const early = await createUpload(editor, KB600, { file_id: fileId })
    expect(early.status).toBe(413)
    const problem = await early.json()
    expect(problem).toMatchObject({ code: 'quota_exceeded' })
    expect(problem.detail).toMatch(/owner's storage is full/)

    // Refused at completion: the owner's storage filled while the upload was under way.
    const sneaky = await createUpload(editor, 90_000, { file_id: fileId })
    expect(sneaky.status).toBe(201)
    await uploadFile(owner, place.id, 'filler.bin', randomBytes(50_000))
    const last = await patchUpload(editor, sneaky.headers.get('location')!, 0, randomBytes(90_000))
    expect(last.status).toBe(413)
    expect(await last.json()).toMatchObject({
      code: 'quota_exceeded',
      detail: expect.stringMatching(/owner's storage is full/),
    })
    expect(await storage(owner)).toEqual({ used: 950_000, uploading: 0, versions: 300_000, quota: QUOTA })
    const versions = await t.database.db
      .selectFrom('file_versions')
      .select('id')
      .where('file_id', '=', fileId)
      .execute()
    expect(versions).toHaveLength(1)
  })

  it("the owner's own replacement that does not fit says their storage is full", async () => {
    const owner = await customer('Olga')
    const fileId = await uploadFile(owner, folderId, `own-${Math.random()}.bin`, randomBytes(KB600))
    const again = await createUpload(owner, 500_000, { file_id: fileId })
    expect(again.status).toBe(413)
    expect((await again.json()).detail).toMatch(/^Your storage is full/)
  })

  it("a WebDAV PUT over an existing file is a version on the owner's quota too", async () => {
    const owner = await customer('Dora')
    const editor = await customer('Dave')
    const place = await folder(t, `Dav ${Math.random()}`, { parent_id: folderId, type: 'public' })
    await grant(t, place.id, editor.id, 'editor')
    const fileId = await uploadFile(owner, place.id, 'notes.bin', randomBytes(KB600))
    const token = await makeToken(editor)
    const row = await t.database.db
      .selectFrom('folders')
      .select('folder_name')
      .where('id', '=', place.id)
      .executeTakeFirstOrThrow()
    const put = await dav(t, token)('PUT', `Shared with me/Quota/${row.folder_name}/notes.bin`, {
      body: new Uint8Array(randomBytes(500_000)),
    })
    expect(put.status).toBe(413)
    expect(await put.text()).toMatch(/owner's storage is full/)
    expect(await storage(owner)).toMatchObject({ used: KB600, versions: 0 })
    expect(
      (
        await t.database.db
          .selectFrom('files')
          .select('size')
          .where('id', '=', fileId)
          .executeTakeFirstOrThrow()
      ).size,
    ).toBe(KB600)
  })
})

describe('who has a quota', () => {
  it('staff and admins have none', async () => {
    for (const role of ['staff', 'admin'] as const) {
      const p = await signedIn(t, { first_name: `Unlimited ${role}`, last_name: 'Tester', role })
      await grant(t, folderId, p.id, 'editor')
      expect(await storage(p)).toEqual({ used: 0, uploading: 0, versions: 0, quota: null })
      expect(
        (await createUpload(p, 2 * QUOTA, { filename: `${role}.bin`, folder_id: folderId })).status,
      ).toBe(201)
    }
  })

  it('USER_QUOTA_BYTES=0 means none', async () => {
    const none = await createTestApp({ env: { USER_QUOTA_BYTES: '0' } })
    const p = await signedIn(none, { name: 'Nina Tester' })
    expect(await storage(p)).toMatchObject({ quota: null })
  })
})
