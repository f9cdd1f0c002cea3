import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WHOLE_UPLOAD_MAX_BYTES } from '../../src/server/features/files/transfer/whole-upload.service'
import { drainBlobDeletions } from '../../src/server/lib/storage/blob-deletions'
import { insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import {
  createUpload,
  injectFileInsertFault,
  listen,
  metadataHeader,
  removeFileInsertFault,
  tusBase,
} from './helpers'

// A tus creation request that carries its whole file (Content-Length = Upload-Length, as the web app
// sends any file up to 4 MiB) lands it in that one request, without an upload session: the file, its
// hash, sniffed type and notification as any upload's; the rights, the name and the quota checked
// with nothing left behind when refused; names racing for one slot each get their own; and fewer
// statements than the session's way, which replacements and larger bodies still take.

let t: TestApp
let editor: Person
let viewer: Person
let outsider: Person
let folderId: string
/** The SQL of every statement the app runs while `counting` is on. */
let statements: string[] = []
let counting = false

const QUOTA = 32 << 20

beforeAll(async () => {
  t = await createTestApp({
    env: { MAX_UPLOAD_BYTES: String(16 << 20), USER_QUOTA_BYTES: String(QUOTA) },
    onQuery: (sql) => {
      if (counting) statements.push(sql)
    },
  })
  editor = await signedIn(t, { name: 'Edna Whole' })
  viewer = await signedIn(t, { name: 'Victor Whole' })
  outsider = await signedIn(t, { name: 'Olga Whole' })
  folderId = (await insertFolder(t.database.db, { folder_name: 'Inbox', type: 'locked' })).id
  await grant(t, folderId, editor.id, 'editor')
  await grant(t, folderId, viewer.id, 'viewer')
})

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const fileRow = (id: string) =>
  t.database.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
/** The editor's upload sessions (the quota test leaves another user's under way). */
const sessionCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('upload_sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', editor.id)
        .executeTakeFirstOrThrow()
    ).n,
  )
async function blobKeys(): Promise<string[]> {
  const keys: string[] = []
  for await (const blob of t.deps.storage.list()) keys.push(blob.key)
  return keys.sort()
}

/** POST /api/uploads with the whole file as its body, announced by Content-Length. */
function wholeUpload(person: Person, bytes: Uint8Array, meta: Record<string, string>) {
  return person.client.request('/api/uploads', {
    method: 'POST',
    headers: {
      ...tusBase,
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(bytes.length),
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': metadataHeader(meta),
    },
    body: bytes as BodyInit,
  })
}

describe('a whole upload in its creation request', () => {
  it('lands the file with its hash, sniffed type and notification, and leaves no session', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0c0' } })
      .png()
      .toBuffer()
    const res = await wholeUpload(editor, png, { filename: 'green.bin', folder_id: folderId })
    expect(res.status).toBe(201)
    expect(res.headers.get('upload-offset')).toBe(String(png.length))
    expect(res.headers.get('tus-resumable')).toBe('1.0.0')
    expect(res.headers.get('upload-expires')).toBeTruthy()
    const fileId = res.headers.get('depot-file-id')!
    expect(await fileRow(fileId)).toMatchObject({
      filename: 'green.bin',
      size: png.length,
      sha256: sha(png),
      mimetype: 'image/png',
      createdBy: editor.id,
      folder_id: folderId,
    })
    const stored = await t.deps.storage.get((await fileRow(fileId)).path)
    const chunks: Buffer[] = []
    for await (const c of stored.body) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks).equals(png)).toBe(true)
    const note = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('file_id', '=', fileId)
      .executeTakeFirst()
    expect(note).toMatchObject({ type: 'file', action: 'uploaded', mainItem: 'green.bin', subItem: 'Inbox' })
    expect(await sessionCount()).toBe(0)
    // Its Location is an upload that is over, as a completed one's is.
    const head = await editor.client.request(res.headers.get('location')!, {
      method: 'HEAD',
      headers: tusBase,
    })
    expect(head.status).toBe(404)
  })

  it('takes fewer statements than the same upload through a session', async () => {
    const bytes = randomBytes(2000)
    statements = []
    counting = true
    const whole = await wholeUpload(editor, bytes, { filename: 'counted.bin', folder_id: folderId })
    counting = false
    expect(whole.status).toBe(201)
    const wholeCount = statements.length
    // The same bytes without Content-Length: a session is made, appended to and completed.
    statements = []
    counting = true
    const viaSession = await editor.client.request('/api/uploads', {
      method: 'POST',
      headers: {
        ...tusBase,
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': metadataHeader({ filename: 'counted.bin', folder_id: folderId }),
      },
      body: bytes,
    })
    counting = false
    expect(viaSession.status).toBe(201)
    expect(viaSession.headers.get('depot-file-id')).toBeTruthy()
    const sessionWay = statements.length
    // The session's lookup, the folder's rights, then one transaction: the user's lock and usage,
    // the rights again, the folder's lock, the free name, the row, the notification (and, on
    // SQLite, its grouping and id each their own statement), begin and commit.
    expect(wholeCount, statements.join('\n')).toBeLessThanOrEqual(t.database.dialect === 'postgres' ? 11 : 13)
    expect(wholeCount).toBeLessThanOrEqual(sessionWay - 5)
  })

  it('refuses a viewer, an outsider and a bad name before storing a byte', async () => {
    const before = await blobKeys()
    const bytes = Buffer.from('not for you')
    expect((await wholeUpload(viewer, bytes, { filename: 'v.txt', folder_id: folderId })).status).toBe(403)
    expect((await wholeUpload(outsider, bytes, { filename: 'o.txt', folder_id: folderId })).status).toBe(404)
    const bad = await wholeUpload(editor, bytes, { filename: 'a/b.txt', folder_id: folderId })
    expect(bad.status).toBe(422)
    const noFolder = await wholeUpload(editor, bytes, { filename: 'x.txt' })
    expect(noFolder.status).toBe(422)
    expect(await blobKeys()).toEqual(before)
    expect(await sessionCount()).toBe(0)
  })

  it('checks the quota as it lands: one that does not fit is refused and its bytes removed', async () => {
    const quinn = await signedIn(t, { name: 'Quinn Whole' })
    await grant(t, folderId, quinn.id, 'editor')
    // Uploads under way reserve their length: three of 8 MiB and one of 8 MiB − 1000 leave 1000 bytes.
    for (const [name, length] of [
      ['a.bin', 8 << 20],
      ['b.bin', 8 << 20],
      ['c.bin', 8 << 20],
      ['d.bin', (8 << 20) - 1000],
    ] as const)
      expect((await createUpload(quinn, length, { filename: name, folder_id: folderId })).status).toBe(201)
    const before = await blobKeys()
    const over = await wholeUpload(quinn, randomBytes(1001), { filename: 'over.bin', folder_id: folderId })
    expect(over.status).toBe(413)
    expect(await over.json()).toMatchObject({ code: 'quota_exceeded' })
    expect(await blobKeys()).toEqual(before)
    const fits = await wholeUpload(quinn, randomBytes(1000), { filename: 'fits.bin', folder_id: folderId })
    expect(fits.status).toBe(201)
    const names = await t.database.db
      .selectFrom('files')
      .select('filename')
      .where('createdBy', '=', quinn.id)
      .execute()
    expect(names.map((n) => n.filename)).toEqual(['fits.bin'])
  })

  it('gives each of several uploads racing for one name its own, and groups their notification', async () => {
    const burst = await insertFolder(t.database.db, { folder_name: 'Burst', type: 'locked' })
    await grant(t, burst.id, editor.id, 'editor')
    const contents = [randomBytes(500), randomBytes(600), randomBytes(700)]
    const landed = await Promise.all(
      contents.map((bytes) => wholeUpload(editor, bytes, { filename: 'same.txt', folder_id: burst.id })),
    )
    const rows = await Promise.all(
      landed.map((res) => {
        expect(res.status).toBe(201)
        return fileRow(res.headers.get('depot-file-id')!)
      }),
    )
    expect(rows.map((r) => r.filename).sort()).toEqual(['same (1).txt', 'same (2).txt', 'same.txt'])
    expect(rows.map((r) => r.sha256)).toEqual(contents.map(sha))
    const uploaded = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('folder_id', '=', burst.id)
      .execute()
    expect(uploaded).toHaveLength(1)
    expect(uploaded[0]).toMatchObject({ action: 'uploaded', user_id: editor.id, itemCount: 3 })
  })

  it('leaves the blob of a landing that failed to the deletion queue, which removes it', async () => {
    const before = await blobKeys()
    await injectFileInsertFault(t)
    try {
      const res = await wholeUpload(editor, randomBytes(1500), {
        filename: 'fault-whole.bin',
        folder_id: folderId,
      })
      expect(res.status).toBe(500)
    } finally {
      await removeFileInsertFault(t)
    }
    // Not deleted on the spot: a failure, unlike a refusal, may come after the commit took.
    const stored = (await blobKeys()).filter((key) => !before.includes(key))
    expect(stored).toHaveLength(1)
    const queued = await t.database.db.selectFrom('blob_deletions').select('key').execute()
    expect(queued.map((q) => q.key)).toContain(stored[0])
    await drainBlobDeletions(t.database.db, t.deps.storage, new Date(t.clock.now.getTime() + 60_000))
    expect(await blobKeys()).toEqual(before)
  })

  it('leaves a replacement, and a body over the limit, to the session: both land as before', async () => {
    const first = await wholeUpload(editor, Buffer.from('first'), {
      filename: 'kept.txt',
      folder_id: folderId,
    })
    const fileId = first.headers.get('depot-file-id')!
    const replaced = await wholeUpload(editor, Buffer.from('second'), { file_id: fileId })
    expect(replaced.status).toBe(201)
    expect(replaced.headers.get('depot-file-id')).toBe(fileId)
    expect(await fileRow(fileId)).toMatchObject({ filename: 'kept.txt', sha256: sha(Buffer.from('second')) })
    const versions = await t.database.db
      .selectFrom('file_versions')
      .select('sha256')
      .where('file_id', '=', fileId)
      .execute()
    expect(versions.map((v) => v.sha256)).toEqual([sha(Buffer.from('first'))])

    const big = randomBytes(WHOLE_UPLOAD_MAX_BYTES + 1)
    const res = await wholeUpload(editor, big, { filename: 'big.bin', folder_id: folderId })
    expect(res.status).toBe(201)
    expect(await fileRow(res.headers.get('depot-file-id')!)).toMatchObject({
      size: big.length,
      sha256: sha(big),
    })
    expect(await sessionCount()).toBe(0)
  })
})

describe('a whole upload over a real socket', () => {
  let server: { url: string; close(): Promise<void> }
  beforeAll(async () => {
    server = await listen(t)
  })
  afterAll(() => server.close())

  it('stores nothing when the client goes away before its last byte', async () => {
    const before = await blobKeys()
    const total = 3 << 20
    const request = http.request(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        Cookie: editor.client.cookieHeader(),
        Origin: TEST_ORIGIN,
        'Tus-Resumable': '1.0.0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(total),
        'Upload-Length': String(total),
        'Upload-Metadata': metadataHeader({ filename: 'cut.bin', folder_id: folderId }),
      },
    })
    request.on('error', () => {}) // destroyed below
    request.write(randomBytes(1 << 20))
    // The server is writing it to a temporary file (the test app stores blobs on disk).
    const abandoned = () => t.deps.storage.listAbandonedWrites(new Date(Date.now() + 3_600_000))
    await expect.poll(async () => (await abandoned()).length, { timeout: 30_000 }).toBe(1)
    request.destroy()
    await expect.poll(async () => (await abandoned()).length, { timeout: 30_000 }).toBe(0)
    expect(await blobKeys()).toEqual(before)
    const named = await t.database.db
      .selectFrom('files')
      .select('id')
      .where('filename', '=', 'cut.bin')
      .execute()
    expect(named).toEqual([])
    expect(await sessionCount()).toBe(0)
  })
})
