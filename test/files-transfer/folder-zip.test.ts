import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { insertFile, insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { uploadFile } from './helpers'

// product.md §2: a folder downloads as a streamed zip with sanitised entry names, without trashed
// items or subfolders the caller cannot open; read back with an independent zip reader.

let t: TestApp
let viewer: Person
let editor: Person
let outsider: Person
let rootId: string

async function putBlob(bytes: Buffer) {
  return t.deps.storage.put(Readable.from([bytes]))
}

async function addFile(
  folderId: string,
  filename: string,
  bytes: Buffer,
  extra: Record<string, unknown> = {},
) {
  const blob = await putBlob(bytes)
  return insertFile(t.database.db, folderId, {
    filename,
    path: blob.key,
    size: blob.size,
    sha256: blob.sha256,
    ...extra,
  })
}

beforeAll(async () => {
  t = await createTestApp()
  viewer = await signedIn(t, { name: 'Victor Tester' })
  editor = await signedIn(t, { name: 'Edna Tester' })
  outsider = await signedIn(t, { name: 'Olga Tester' })
  const db = t.database.db
  const root = await insertFolder(db, { folder_name: 'Projekt Ü', type: 'locked' })
  rootId = root.id
  await grant(t, rootId, viewer.id, 'viewer')
  await grant(t, rootId, editor.id, 'editor')
  const sub = await insertFolder(db, { folder_name: 'Sub', type: 'public', parent_id: rootId })
  const secret = await insertFolder(db, { folder_name: 'Secret', type: 'locked', parent_id: rootId })
  const binned = await insertFolder(db, {
    folder_name: 'Binned',
    type: 'public',
    parent_id: rootId,
    isTrashed: true,
  })
  await addFile(rootId, 'a.txt', Buffer.from('alpha'))
  await addFile(rootId, '../../etc/passwd', Buffer.from('slip'))
  await addFile(rootId, 'C:\\evil.txt', Buffer.from('drive'))
  await addFile(rootId, 'con\u0001trol.txt', Buffer.from('ctrl'))
  await addFile(rootId, '..', Buffer.from('dots'))
  await addFile(rootId, 'empty.bin', Buffer.alloc(0))
  await addFile(rootId, 'old.txt', Buffer.from('trashed'), { isTrashed: true })
  await addFile(sub.id, 'b.txt', Buffer.from('bravo'))
  await addFile(secret.id, 'plans.txt', Buffer.from('secret'))
  await addFile(binned.id, 'c.txt', Buffer.from('charlie'))
})

async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, strictFileNames: true, validateEntrySizes: true },
      (err, z) => (err ? reject(err) : resolve(z!)),
    ),
  )
  const out = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) {
        out.set(entry.fileName, Buffer.alloc(0))
        zip.readEntry()
        return
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err)
        const chunks: Buffer[] = []
        stream!.on('data', (c: Buffer) => chunks.push(c))
        stream!.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
        stream!.on('error', reject)
      })
    })
    zip.on('end', () => resolve())
    zip.on('error', reject)
    zip.readEntry()
  })
  return out
}

describe('folder zip', () => {
  it('streams what the caller may read, with safe names, an exact length and every byte intact', async () => {
    const res = await viewer.client.request(`/api/folders/${rootId}/zip`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Projekt Ü.zip')}`,
    )
    const buffer = Buffer.from(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(buffer.length)
    const entries = await readZip(buffer)
    const names = [...entries.keys()].sort()
    expect(names).toEqual(
      [
        'Projekt Ü/',
        'Projekt Ü/Sub/',
        'Projekt Ü/Sub/b.txt',
        'Projekt Ü/a.txt',
        'Projekt Ü/.._.._etc_passwd',
        'Projekt Ü/C__evil.txt',
        'Projekt Ü/control.txt',
        'Projekt Ü/_',
        'Projekt Ü/empty.bin',
      ].sort(),
    )
    for (const name of names) {
      expect(name.split('/')).not.toContain('..')
      expect(name.startsWith('/')).toBe(false)
      expect(name.includes('\\')).toBe(false)
      expect([...name].some((ch) => ch.charCodeAt(0) < 0x20)).toBe(false)
    }
    expect(entries.get('Projekt Ü/a.txt')!.toString()).toBe('alpha')
    expect(entries.get('Projekt Ü/Sub/b.txt')!.toString()).toBe('bravo')
    expect(entries.get('Projekt Ü/empty.bin')!.length).toBe(0)
  })

  it('lets the secret folder’s grantee see it, and hides the folder from outsiders', async () => {
    expect((await outsider.client.request(`/api/folders/${rootId}/zip`)).status).toBe(404)
    const admin = await signedIn(t, { name: 'Ada Tester', role: 'admin' })
    const entries = await readZip(
      Buffer.from(await (await admin.client.request(`/api/folders/${rootId}/zip`)).arrayBuffer()),
    )
    expect(entries.get('Projekt Ü/Secret/plans.txt')?.toString()).toBe('secret')
    expect([...entries.keys()].some((n) => n.includes('Binned') || n.includes('old.txt'))).toBe(false)
  })

  it('zips files that came in through the upload path', async () => {
    const folder = await insertFolder(t.database.db, { folder_name: 'Uploads', type: 'locked' })
    await grant(t, folder.id, editor.id, 'editor')
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 5, 7)
    await uploadFile(editor, folder.id, 'big.bin', bytes)
    const res = await editor.client.request(`/api/folders/${folder.id}/zip`)
    const entries = await readZip(Buffer.from(await res.arrayBuffer()))
    expect(entries.get('Uploads/big.bin')!.equals(bytes)).toBe(true)
  })
})
