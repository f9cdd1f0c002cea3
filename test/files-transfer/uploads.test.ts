import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { purgeAbandonedUploads } from '../../src/server/features/files/transfer/upload-cleanup'
import {
  releaseThisProcessWriters,
  WRITER_LEASE_MS,
} from '../../src/server/features/files/transfer/upload-staging'
import { buildJobTable } from '../../src/server/jobs'
import { processInstance } from '../../src/server/lib/process-instance'
import { THUMBNAIL_SIZE } from '../../src/server/lib/storage/thumbnails'
import { insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import {
  createUpload,
  injectFileInsertFault,
  patchUpload,
  removeFileInsertFault,
  stagingFileOf,
  tusBase,
  uploadFile,
} from './helpers'

// product.md §2 "Uploads", over the tus protocol through the real app: small, empty and multi-chunk
// files land as files with their hash; over-size and over-quota uploads are refused before any byte;
// viewers cannot upload; unfinished uploads are invisible and swept.

let t: TestApp
let editor: Person
let viewer: Person
let outsider: Person
let folderId: string

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(8 << 20), USER_QUOTA_BYTES: String(32 << 20) } })
  editor = await signedIn(t, { name: 'Edna Tester' })
  viewer = await signedIn(t, { name: 'Victor Tester' })
  outsider = await signedIn(t, { name: 'Olga Tester' })
  const folder = await insertFolder(t.database.db, { folder_name: 'Reports', type: 'locked' })
  folderId = folder.id
  await grant(t, folderId, editor.id, 'editor')
  await grant(t, folderId, viewer.id, 'viewer')
})

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const fileRow = (id: string) =>
  t.database.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('tus uploads', () => {
  it('stores a small file in one PATCH, with its hash, size, sniffed type and a notification', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
      .png()
      .toBuffer()
    const id = await uploadFile(editor, folderId, 'picture.bin', png)
    const row = await fileRow(id)
    expect(row).toMatchObject({
      filename: 'picture.bin',
      size: png.length,
      sha256: sha(png),
      mimetype: 'image/png',
      createdBy: editor.id,
    })
    const stored = await t.deps.storage.get(row.path)
    const chunks: Buffer[] = []
    for await (const c of stored.body) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks).equals(png)).toBe(true)
    const note = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('file_id', '=', id)
      .executeTakeFirst()
    expect(note).toMatchObject({
      type: 'file',
      action: 'uploaded',
      folder_id: folderId,
      mainItem: 'picture.bin',
    })
  })

  // Six hundred PATCHes of seven bytes: seconds on an idle machine, several times that beside other suites.
  it('sniffs the same type whether one PATCH carries the start of the file or earlier ones did', async () => {
    // A PNG longer than what sniffing reads, so the type comes from its first bytes either way.
    const png = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer()
    expect(png.length).toBeGreaterThan(4100)
    const whole = await uploadFile(editor, folderId, 'whole.dat', png)
    // Seven bytes a PATCH: the completing request never saw the start, which is read back.
    const inPieces = await uploadFile(editor, folderId, 'pieces.dat', png.subarray(0, 4200), 7)
    expect((await fileRow(whole)).mimetype).toBe('image/png')
    expect((await fileRow(inPieces)).mimetype).toBe('image/png')
  }, 60_000)

  it('takes the type from the name when the content has no signature', async () => {
    const id = await uploadFile(editor, folderId, 'notes.csv', Buffer.from('a,b\n1,2\n'))
    expect((await fileRow(id)).mimetype).toBe('text/csv')
  })

  it('stores a zero-byte file (its creation completes it)', async () => {
    const id = await uploadFile(editor, folderId, 'empty.txt', new Uint8Array(0))
    expect(await fileRow(id)).toMatchObject({ size: 0, sha256: sha(new Uint8Array(0)) })
  })

  it('assembles a multi-chunk upload in order', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17)
    const id = await uploadFile(editor, folderId, 'big.dat', bytes, 1024 * 1024)
    expect(await fileRow(id)).toMatchObject({ size: bytes.length, sha256: sha(bytes) })
  })

  it('gives a taken name the next free suffix, even when two uploads finish together', async () => {
    const a = randomBytes(1000)
    const b = randomBytes(1000)
    const [first, second] = await Promise.all([
      uploadFile(editor, folderId, 'x.pdf', a),
      uploadFile(editor, folderId, 'x.pdf', b),
    ])
    const names = [(await fileRow(first)).filename, (await fileRow(second)).filename].sort()
    expect(names).toEqual(['x (1).pdf', 'x.pdf'])
  })

  it('answers 413 from Upload-Length alone, before any body', async () => {
    const res = await createUpload(editor, (8 << 20) + 1, { filename: 'huge.bin', folder_id: folderId })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ code: 'upload_too_large' })
  })

  it('refuses an upload that would pass the quota with quota_exceeded', async () => {
    const other = await signedIn(t, { name: 'Quinn Tester' })
    await grant(t, folderId, other.id, 'editor')
    // Uploads under way reserve their length: four of 8 MiB fill the 32 MiB quota exactly.
    for (const name of ['a.bin', 'b.bin', 'c.bin', 'd.bin'])
      expect((await createUpload(other, 8 << 20, { filename: name, folder_id: folderId })).status).toBe(201)
    const over = await createUpload(other, 1, { filename: 'e.bin', folder_id: folderId })
    expect(over.status).toBe(413)
    expect(await over.json()).toMatchObject({ code: 'quota_exceeded' })
  })

  it('gives a viewer 403 and someone who cannot see the folder 404', async () => {
    expect((await createUpload(viewer, 10, { filename: 'v.txt', folder_id: folderId })).status).toBe(403)
    expect((await createUpload(outsider, 10, { filename: 'o.txt', folder_id: folderId })).status).toBe(404)
  })

  it('refuses bad names, a missing tus version and foreign origins', async () => {
    const bad = await createUpload(editor, 10, { filename: 'a/b.txt', folder_id: folderId })
    expect(bad.status).toBe(422)
    const noVersion = await editor.client.request('/api/uploads', {
      method: 'POST',
      headers: { Origin: tusBase.Origin, 'Upload-Length': '1' },
    })
    expect(noVersion.status).toBe(412)
    const foreign = await editor.client.request('/api/uploads', {
      method: 'POST',
      headers: { ...tusBase, Origin: 'https://evil.example', 'Upload-Length': '1' },
    })
    expect(foreign.status).toBe(403)
  })

  it('answers 409 with the real offset when a PATCH claims another, and 415 without the tus type', async () => {
    const created = await createUpload(editor, 10, { filename: 'o.txt', folder_id: folderId })
    const location = created.headers.get('location')!
    const res = await patchUpload(editor, location, 5, new Uint8Array(5))
    expect(res.status).toBe(409)
    expect(res.headers.get('upload-offset')).toBe('0')
    const json = await editor.client.request(location, {
      method: 'PATCH',
      headers: { ...tusBase, 'Content-Type': 'application/json', 'Upload-Offset': '0' },
      body: '{}',
    })
    expect(json.status).toBe(415)
  })

  it('keeps an unfinished upload invisible, lets only its owner see it, and sweeps it once expired', async () => {
    const before = await t.database.db.selectFrom('files').select('id').execute()
    const created = await createUpload(editor, 100, { filename: 'half.txt', folder_id: folderId })
    const location = created.headers.get('location')!
    expect((await patchUpload(editor, location, 0, new Uint8Array(40))).status).toBe(204)
    const head = await editor.client.request(location, { method: 'HEAD', headers: tusBase })
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe('40')
    expect(head.headers.get('upload-length')).toBe('100')
    expect((await viewer.client.request(location, { method: 'HEAD', headers: tusBase })).status).toBe(404)
    expect(await t.database.db.selectFrom('files').select('id').execute()).toHaveLength(before.length)

    const id = location.split('/').pop()!
    // Staged under the shared blob root, where every instance finds it, and not listed as a blob.
    const staged = await stagingFileOf(t, id)
    expect(existsSync(staged)).toBe(true)
    for await (const blob of t.deps.storage.list()) expect(staged).not.toContain(blob.key)
    t.clock.advance(25 * 60 * 60 * 1000)
    const swept = await purgeAbandonedUploads(t.deps)
    expect(swept.sessions).toBeGreaterThanOrEqual(1)
    expect(existsSync(staged)).toBe(false)
    expect((await editor.client.request(location, { method: 'HEAD', headers: tusBase })).status).toBe(404)
  })

  it('cancels an upload with DELETE', async () => {
    const created = await createUpload(editor, 10, { filename: 'gone.txt', folder_id: folderId })
    const location = created.headers.get('location')!
    const del = await editor.client.request(location, { method: 'DELETE', headers: tusBase })
    expect(del.status).toBe(204)
    expect((await editor.client.request(location, { method: 'HEAD', headers: tusBase })).status).toBe(404)
  })

  it('replaces a file’s content, keeping its id and name and the old content as a version; a deleted version’s blob and thumbnail go through the deletion queue', async () => {
    const v1 = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer()
    const v2 = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0c0' } })
      .png()
      .toBuffer()
    const id = await uploadFile(editor, folderId, 'logo.png', v1)
    const oldKey = (await fileRow(id)).path
    expect((await editor.client.request(`/api/files/${id}/thumbnail`)).status).toBe(200)
    const thumbnail = path.join(t.deps.env.dataDir, 'thumbnails', `${oldKey}-${THUMBNAIL_SIZE}.webp`)
    expect(existsSync(thumbnail)).toBe(true)

    const created = await createUpload(editor, v2.length, { file_id: id })
    expect(created.status).toBe(201)
    const res = await patchUpload(editor, created.headers.get('location')!, 0, v2)
    expect(res.status).toBe(204)
    expect(res.headers.get('depot-file-id')).toBe(id)
    const row = await fileRow(id)
    expect(row).toMatchObject({ filename: 'logo.png', sha256: sha(v2), contentBy: editor.id })
    expect(row.path).not.toBe(oldKey)
    // The old content is a version now, in the replacing transaction: nothing queues its blob.
    const version = await t.database.db
      .selectFrom('file_versions')
      .selectAll()
      .where('file_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(version).toMatchObject({ path: oldKey, sha256: sha(v1), size: v1.length, createdBy: editor.id })
    const queued = await t.database.db
      .selectFrom('blob_deletions')
      .select('key')
      .where('key', '=', oldKey)
      .execute()
    expect(queued).toEqual([])

    const admin = await signedIn(t, { role: 'admin' })
    const deleted = await admin.client.json(`/api/files/${id}/versions/${version.id}`, 'DELETE')
    expect(deleted.status).toBe(200)
    const job = buildJobTable(t.deps).find((j) => j.name === 'delete-blobs')!
    await job.run(new AbortController().signal)
    expect(await t.deps.storage.exists(oldKey)).toBe(false)
    expect(existsSync(thumbnail)).toBe(false)
    expect(await t.deps.storage.exists(row.path)).toBe(true)
    expect((await createUpload(viewer, 9, { file_id: id })).status).toBe(403)
  })

  it('records one grouped notification for a burst of uploads into one folder, and `updated` for a replacement', async () => {
    const burst = await insertFolder(t.database.db, { folder_name: 'Burst', type: 'locked' })
    await grant(t, burst.id, editor.id, 'editor')
    const ids: string[] = []
    for (const name of ['one.txt', 'two.txt', 'three.txt'])
      ids.push(await uploadFile(editor, burst.id, name, Buffer.from(name)))
    const uploaded = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('folder_id', '=', burst.id)
      .where('action', '=', 'uploaded')
      .execute()
    expect(uploaded).toHaveLength(1)
    expect(uploaded[0]).toMatchObject({ type: 'file', user_id: editor.id, itemCount: 3 })

    const created = await createUpload(editor, 3, { file_id: ids[0]! })
    await patchUpload(editor, created.headers.get('location')!, 0, Buffer.from('new'))
    const updated = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('folder_id', '=', burst.id)
      .where('action', '=', 'updated')
      .execute()
    expect(updated).toHaveLength(1)
    expect(updated[0]).toMatchObject({ type: 'file', file_id: ids[0], mainItem: 'one.txt' })
  })
})

describe('writer leases (docs/decisions/0114)', () => {
  async function halfway() {
    const bytes = randomBytes(2000)
    const created = await createUpload(editor, bytes.length, {
      filename: `lease-${Math.random()}.bin`,
      folder_id: folderId,
    })
    const location = created.headers.get('location')!
    expect((await patchUpload(editor, location, 0, bytes.subarray(0, 1000))).status).toBe(204)
    return { bytes, location, id: location.split('/').pop()! }
  }
  const holdAs = (id: string, instance: string, boot: string) =>
    t.database.db
      .updateTable('upload_sessions')
      .set({
        writer: 'a request that died',
        writer_instance: instance,
        writer_boot: boot,
        writer_until: new Date(t.clock.now.getTime() + 60_000).toISOString(),
      })
      .where('id', '=', id)
      .execute()

  it('voids at once a lease left by an earlier boot of this instance: its request died with it', async () => {
    const { bytes, location, id } = await halfway()
    await holdAs(id, processInstance().instance, 'an earlier boot')
    const res = await patchUpload(editor, location, 1000, bytes.subarray(1000))
    expect(res.status).toBe(204)
    expect(res.headers.get('depot-file-id')).toBeTruthy()
  })

  it("waits for another instance's lease, which lapses within a client's default retries unless renewed", async () => {
    const { bytes, location, id } = await halfway()
    await t.database.db
      .updateTable('upload_sessions')
      .set({
        writer: 'a request elsewhere',
        writer_instance: 'another-host:3000',
        writer_boot: 'its boot',
        writer_until: new Date(t.clock.now.getTime() + WRITER_LEASE_MS).toISOString(),
      })
      .where('id', '=', id)
      .execute()
    const busy = await patchUpload(editor, location, 1000, bytes.subarray(1000))
    expect(busy.status).toBe(409)
    expect(await busy.json()).toMatchObject({ code: 'upload_busy' })
    // tus-js-client's default retries span about 9 s.
    expect(WRITER_LEASE_MS).toBeLessThanOrEqual(8_000)
    t.clock.advance(WRITER_LEASE_MS)
    expect((await patchUpload(editor, location, 1000, bytes.subarray(1000))).status).toBe(204)
  })

  it("a forced shutdown gives back this process's leases and no one else's", async () => {
    const mine = await halfway()
    const theirs = await halfway()
    const { instance, boot } = processInstance()
    await holdAs(mine.id, instance, boot)
    await holdAs(theirs.id, 'another-host:3000', 'its boot')
    expect(await releaseThisProcessWriters(t.database.db)).toBe(1)
    expect((await patchUpload(editor, mine.location, 1000, mine.bytes.subarray(1000))).status).toBe(204)
    expect((await patchUpload(editor, theirs.location, 1000, theirs.bytes.subarray(1000))).status).toBe(409)
  })
})

describe('an upload whose last request failed after storing its last byte', () => {
  // The bytes are all stored, the completion's transaction fails, the session stays for the retry.
  const injectFault = () => injectFileInsertFault(t)
  const removeFault = () => removeFileInsertFault(t)
  const head = (location: string) => editor.client.request(location, { method: 'HEAD', headers: tusBase })

  async function failedAtTheEnd(name: string) {
    const bytes = randomBytes(3000)
    const created = await createUpload(editor, bytes.length, { filename: name, folder_id: folderId })
    const location = created.headers.get('location')!
    await injectFault()
    try {
      const last = await patchUpload(editor, location, 0, bytes)
      expect(last.status).toBe(500)
      // Every byte is stored, but there is no file: HEAD must not say the upload is complete.
      // 423, which tus clients ask again after (any other failure makes them start over).
      const meanwhile = await head(location)
      expect(meanwhile.status).toBe(423)
      expect(meanwhile.headers.get('upload-offset')).toBeNull()
    } finally {
      await removeFault()
    }
    return { bytes, location }
  }

  it('completes on the next HEAD, which then reports the whole upload and names the file', async () => {
    const { bytes, location } = await failedAtTheEnd('fault-head.bin')
    const res = await head(location)
    expect(res.status).toBe(200)
    expect(res.headers.get('upload-offset')).toBe(String(bytes.length))
    const fileId = res.headers.get('depot-file-id')
    expect(fileId).toBeTruthy()
    expect(await fileRow(fileId!)).toMatchObject({ filename: 'fault-head.bin', sha256: sha(bytes) })
    expect((await head(location)).status).toBe(404)
  })

  it('completes on the next PATCH at the full offset', async () => {
    const { bytes, location } = await failedAtTheEnd('fault-patch.bin')
    const res = await patchUpload(editor, location, bytes.length, new Uint8Array())
    expect(res.status).toBe(204)
    expect(await fileRow(res.headers.get('depot-file-id')!)).toMatchObject({ sha256: sha(bytes) })
  })
})
