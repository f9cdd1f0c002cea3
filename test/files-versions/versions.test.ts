import { createHash, randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildJobTable } from '../../src/server/jobs'
import { drainBlobDeletions } from '../../src/server/lib/storage/blob-deletions'
import { enqueueBlobDeletions } from '../../src/server/lib/storage/blob-deletions.repository'
import type { FileVersions } from '../../src/shared/contract/file-versions'
import { createUpload, patchUpload, uploadFile } from '../files-transfer/helpers'
import { insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// File versions (docs/decisions/0088) through the real app: a replacement keeps the old content as a
// version; versions are listed, downloaded with the file download's rules, restored by editors and
// deleted by administrators; they count against the quota; the purge keeps the newest
// FILE_VERSIONS_KEPT and drops older ones past the trash retention; their blobs outlive any queued
// deletion while a version names them, and go when the file is deleted for good.

const KEPT = 2
const DAY_MS = 24 * 60 * 60 * 1000

let t: TestApp
let editor: Person
let viewer: Person
let folderAdmin: Person
let outsider: Person
let folderId: string

beforeAll(async () => {
  t = await createTestApp({
    env: { FILE_VERSIONS_KEPT: String(KEPT), USER_QUOTA_BYTES: String(64 << 10), TRASH_RETENTION_DAYS: '30' },
  })
  editor = await signedIn(t, { name: 'Edna Editor' })
  viewer = await signedIn(t, { name: 'Vic Viewer' })
  folderAdmin = await signedIn(t, { name: 'Ada Admin' })
  outsider = await signedIn(t, { name: 'Olga Outsider' })
  const folder = await insertFolder(t.database.db, { folder_name: 'Reports', type: 'locked' })
  folderId = folder.id
  await grant(t, folderId, editor.id, 'editor')
  await grant(t, folderId, viewer.id, 'viewer')
  await grant(t, folderId, folderAdmin.id, 'administrator')
})

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

async function replace(person: Person, fileId: string, bytes: Uint8Array) {
  const created = await createUpload(person, bytes.length, { file_id: fileId })
  expect(created.status, await created.clone().text()).toBe(201)
  const res = await patchUpload(person, created.headers.get('location')!, 0, bytes)
  expect(res.status, await res.clone().text()).toBe(204)
  expect(res.headers.get('depot-file-id')).toBe(fileId)
}

async function versionsOf(person: Person, fileId: string): Promise<FileVersions> {
  return call(person, 'GET', `/api/files/${fileId}/versions`)
}

async function auditOf(fileId: string) {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select(['action', 'actorId', 'targetType', 'details'])
    .where('targetId', '=', fileId)
    .where('action', 'like', 'file_version.%')
    .execute()
  return rows.map((r) => ({ ...r, details: JSON.parse(r.details) }))
}

async function download(person: Person, path: string) {
  const res = await person.client.request(path)
  return { res, body: Buffer.from(await res.arrayBuffer()) }
}

describe('file versions', () => {
  it('keeps the replaced content as a version (who, when, size, hash) and lists it newest first', async () => {
    const v1 = Buffer.from('first draft')
    const v2 = Buffer.from('second draft, longer')
    const v3 = Buffer.from('third')
    const id = await uploadFile(editor, folderId, 'plan.txt', v1)
    await replace(editor, id, v2)
    await replace(folderAdmin, id, v3)

    const list = await versionsOf(viewer, id)
    expect(list.file).toEqual({ id, filename: 'plan.txt' })
    expect(list.current).toMatchObject({ size: v3.length, sha256: sha(v3), createdBy: { name: 'Ada Admin' } })
    expect(list.versions.map((v) => v.sha256)).toEqual([sha(v2), sha(v1)])
    expect(list.versions[0]).toMatchObject({
      size: v2.length,
      createdBy: { id: editor.id, name: 'Edna Editor' },
    })
    expect(Date.parse(list.versions[0]!.replacedAt)).toBeGreaterThanOrEqual(
      Date.parse(list.versions[1]!.replacedAt),
    )
    expect(list.abilities).toEqual({ download: true, restore: false, delete: false })
    expect(list.kept).toBe(KEPT)
    expect((await versionsOf(folderAdmin, id)).abilities).toEqual({
      download: true,
      restore: true,
      delete: true,
    })
    // The name stays; the file manager shows the new content.
    const file = await call(editor.client, 'GET', `/api/files/${id}`)
    expect(file.file).toMatchObject({ filename: 'plan.txt', size: v3.length, sha256: sha(v3) })
    await call(outsider.client, 'GET', `/api/files/${id}/versions`, undefined, 404)
  })

  it('downloads a version with the file download’s ETag, range and disposition rules', async () => {
    const v1 = Buffer.from('<html><script>alert(1)</script></html>')
    const id = await uploadFile(editor, folderId, 'page.html', v1)
    await replace(editor, id, Buffer.from('plain now'))
    const [version] = (await versionsOf(viewer, id)).versions
    const path = `/api/files/${id}/versions/${version!.id}/download`

    const whole = await download(viewer, path)
    expect(whole.res.status).toBe(200)
    expect(whole.body.equals(v1)).toBe(true)
    expect(whole.res.headers.get('etag')).toBe(`"${Buffer.from(sha(v1), 'hex').toString('base64url')}"`)
    expect(whole.res.headers.get('content-disposition')).toMatch(/^attachment;.*page\.html/)
    expect(whole.res.headers.get('x-content-type-options')).toBe('nosniff')

    const ranged = await viewer.client.request(path, { headers: { Range: 'bytes=0-5' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-5/${v1.length}`)
    expect(await ranged.text()).toBe('<html>')
    const outside = await viewer.client.request(path, { headers: { Range: `bytes=${v1.length + 10}-` } })
    expect(outside.status).toBe(416)
    const cached = await viewer.client.request(path, {
      headers: { 'If-None-Match': `"${Buffer.from(sha(v1), 'hex').toString('base64url')}"` },
    })
    expect(cached.status).toBe(304)

    expect((await outsider.client.request(path)).status).toBe(404)
    const otherFile = await uploadFile(editor, folderId, 'other.txt', Buffer.from('x'))
    expect(
      (await viewer.client.request(`/api/files/${otherFile}/versions/${version!.id}/download`)).status,
    ).toBe(404)
  })

  it('previews a version as the file’s preview would: inline when safe, active content never', async () => {
    const text = Buffer.from('first draft')
    const id = await uploadFile(editor, folderId, 'draft-one.txt', text)
    await replace(editor, id, Buffer.from('second draft'))
    const [version] = (await versionsOf(viewer, id)).versions
    const preview = await download(viewer, `/api/files/${id}/versions/${version!.id}/preview`)
    expect(preview.res.status).toBe(200)
    expect(preview.body.equals(text)).toBe(true)
    expect(preview.res.headers.get('content-disposition')).toMatch(/^inline;.*draft-one\.txt/)
    expect(preview.res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(preview.res.headers.get('etag')).toBe(`"${Buffer.from(sha(text), 'hex').toString('base64url')}"`)
    const ranged = await viewer.client.request(`/api/files/${id}/versions/${version!.id}/preview`, {
      headers: { Range: 'bytes=0-4' },
    })
    expect(ranged.status).toBe(206)
    expect(await ranged.text()).toBe('first')

    const html = await uploadFile(editor, folderId, 'page-two.html', Buffer.from('<script>1</script>'))
    await replace(editor, html, Buffer.from('later'))
    const [old] = (await versionsOf(viewer, html)).versions
    const active = await viewer.client.request(`/api/files/${html}/versions/${old!.id}/preview`)
    expect(active.status).toBe(200)
    // Active content is never shown inline: an attachment, sandboxed.
    expect(active.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(active.headers.get('content-security-policy')).toContain('sandbox')
    expect((await outsider.client.request(`/api/files/${id}/versions/${version!.id}/preview`)).status).toBe(
      404,
    )
  })

  it('restores a version: it becomes the current content and the current one becomes the newest version', async () => {
    const v1 = Buffer.from('version one')
    const v2 = Buffer.from('version two')
    const id = await uploadFile(editor, folderId, 'notes.txt', v1)
    await replace(editor, id, v2)
    const [old] = (await versionsOf(editor, id)).versions

    await call(viewer.client, 'POST', `/api/files/${id}/versions/${old!.id}/restore`, undefined, 403)
    const restored = await call(
      editor,
      'POST',
      `/api/files/${id}/versions/${old!.id}/restore`,
      undefined,
      200,
    )
    expect(restored.file).toMatchObject({ id, size: v1.length, sha256: sha(v1) })

    const current = await download(viewer, `/api/files/${id}/download`)
    expect(current.body.equals(v1)).toBe(true)
    const list = await versionsOf(editor, id)
    expect(list.versions.map((v) => v.sha256)).toEqual([sha(v2)])
    expect(list.current.createdBy).toMatchObject({ id: editor.id })
    // The restored version is no longer a version: restoring it again is 404.
    await call(editor.client, 'POST', `/api/files/${id}/versions/${old!.id}/restore`, undefined, 404)
    const note = await t.database.db
      .selectFrom('notifications')
      .select(['action', 'mainItem'])
      .where('file_id', '=', id)
      .where('action', '=', 'updated')
      .execute()
    expect(note.length).toBeGreaterThanOrEqual(1)
    expect(await auditOf(id)).toEqual([
      {
        action: 'file_version.restored',
        actorId: editor.id,
        targetType: 'file',
        details: { version: old!.id, filename: 'notes.txt', size: v1.length },
      },
    ])
  })

  it('deletes a version for administrators only, and its blob goes through the deletion queue', async () => {
    const id = await uploadFile(editor, folderId, 'draft.txt', Buffer.from('old words'))
    await replace(editor, id, Buffer.from('new words'))
    const [version] = (await versionsOf(editor, id)).versions
    const { path: key } = await t.database.db
      .selectFrom('file_versions')
      .select('path')
      .where('id', '=', version!.id)
      .executeTakeFirstOrThrow()
    const url = `/api/files/${id}/versions/${version!.id}` as const

    await call(editor, 'DELETE', url, undefined, 403)
    await call(viewer, 'DELETE', url, undefined, 403)
    await call(outsider, 'DELETE', url, undefined, 404)
    expect(await t.deps.storage.exists(key)).toBe(true)
    await call(folderAdmin, 'DELETE', url, undefined, 200)
    expect((await versionsOf(editor, id)).versions).toEqual([])
    await drainBlobDeletions(t.database.db, t.deps.storage, t.clock.now)
    expect(await t.deps.storage.exists(key)).toBe(false)
    await call(folderAdmin, 'DELETE', url, undefined, 404)
    // Only the one that deleted is recorded; the refusals and the repeat are not.
    expect(await auditOf(id)).toEqual([
      {
        action: 'file_version.deleted',
        actorId: folderAdmin.id,
        targetType: 'file',
        details: { version: version!.id, filename: 'draft.txt', size: 'old words'.length },
      },
    ])
  })

  it('counts versions against the quota of the file’s owner', async () => {
    const customer = await signedIn(t, { name: 'Quinn Quota' })
    const own = await insertFolder(t.database.db, { folder_name: 'Quinn', type: 'locked' })
    await grant(t, own.id, customer.id, 'administrator')
    const used = async () => (await call(customer.client, 'GET', '/api/me/storage')).used as number
    const id = await uploadFile(customer, own.id, 'big.bin', randomBytes(24 << 10))
    expect(await used()).toBe(24 << 10)
    await replace(customer, id, randomBytes(24 << 10))
    expect(await used()).toBe(48 << 10) // the current content and the version
    // 48 KiB used of 64: a third 24 KiB content does not fit while the versions are kept.
    const refused = await createUpload(customer, 24 << 10, { file_id: id })
    expect(refused.status).toBe(413)
    expect(await refused.json()).toMatchObject({ code: 'quota_exceeded' })
    const [version] = (await versionsOf(customer, id)).versions
    await call(customer.client, 'DELETE', `/api/files/${id}/versions/${version!.id}`, undefined, 200)
    expect(await used()).toBe(24 << 10)
    await replace(customer, id, randomBytes(24 << 10))
  })

  it('purges versions past the newest FILE_VERSIONS_KEPT once older than the trash retention', async () => {
    const id = await uploadFile(editor, folderId, 'log.txt', Buffer.from('v0'))
    for (let i = 1; i <= 7; i++) await replace(editor, id, Buffer.from(`v${i}`))
    // Seven versions, v0 … v6; the four oldest were replaced 40 days ago, v4 … v6 today.
    const rows = await t.database.db
      .selectFrom('file_versions')
      .select(['id', 'path'])
      .where('file_id', '=', id)
      .orderBy('replacedAt')
      .orderBy('id')
      .execute()
    expect(rows).toHaveLength(7)
    const longAgo = new Date(t.clock.now.getTime() - 40 * DAY_MS).toISOString()
    const old = rows.slice(0, 4)
    await t.database.db
      .updateTable('file_versions')
      .set({ replacedAt: longAgo })
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute()

    const job = buildJobTable(t.deps).find((j) => j.name === 'purge-file-versions')!
    expect(await job.run(new AbortController().signal)).toEqual({ deleted: 4 })
    // v6 and v5 are the newest two; v4 is past them but within the retention: it stays too.
    const left = (await versionsOf(editor, id)).versions.map((v) => v.sha256)
    expect(left).toEqual(['v6', 'v5', 'v4'].map((s) => sha(Buffer.from(s))))
    await drainBlobDeletions(t.database.db, t.deps.storage, t.clock.now)
    for (const r of old) expect(await t.deps.storage.exists(r.path)).toBe(false)
    for (const r of rows.slice(4)) expect(await t.deps.storage.exists(r.path)).toBe(true)
    expect(await job.run(new AbortController().signal)).toEqual({ deleted: 0 })
  })

  it('keeps a version’s blob while the version names it, and deletes it with the file for good', async () => {
    const id = await uploadFile(editor, folderId, 'keep.txt', Buffer.from('kept bytes'))
    await replace(editor, id, Buffer.from('newer bytes'))
    const { path: key } = await t.database.db
      .selectFrom('file_versions')
      .select('path')
      .where('file_id', '=', id)
      .executeTakeFirstOrThrow()
    await enqueueBlobDeletions(t.database.db, [key], t.clock.now)
    await drainBlobDeletions(t.database.db, t.deps.storage, t.clock.now)
    expect(await t.deps.storage.exists(key)).toBe(true)
    const [version] = (await versionsOf(viewer, id)).versions
    const again = await download(viewer, `/api/files/${id}/versions/${version!.id}/download`)
    expect(again.body.toString()).toBe('kept bytes')

    await call(editor.client, 'DELETE', `/api/files/${id}`, undefined, 200)
    const entry = await t.database.db
      .selectFrom('trash_items')
      .select('id')
      .where('item_id', '=', id)
      .executeTakeFirstOrThrow()
    await call(folderAdmin, 'DELETE', `/api/trash/${entry.id}`, undefined, 200)
    expect(
      await t.database.db.selectFrom('file_versions').select('id').where('file_id', '=', id).execute(),
    ).toEqual([])
    await drainBlobDeletions(t.database.db, t.deps.storage, t.clock.now)
    expect(await t.deps.storage.exists(key)).toBe(false)
  })
})
