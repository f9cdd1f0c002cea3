import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { Upload, type UploadOptions } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedAccessToken } from '../../src/shared/contract/access-tokens'
import { insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { listen, stagingFileOf } from './helpers'

// tus 1.0 as a stock client speaks it: tus-js-client (the library the web app uses) in Node over a
// real socket, plus the protocol's discovery and error rules checked header by header.

const MAX_UPLOAD = 8 << 20
let t: TestApp
let editor: Person
let folderId: string
let server: { url: string; close(): Promise<void> }

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD) } })
  editor = await signedIn(t, { name: 'Edna Tester' })
  folderId = (await insertFolder(t.database.db, { folder_name: 'Client', type: 'locked' })).id
  await grant(t, folderId, editor.id, 'editor')
  server = await listen(t)
})
afterAll(() => server.close())

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const cookieHeaders = () => ({ Cookie: editor.client.cookieHeader(), Origin: TEST_ORIGIN })

interface Outcome {
  url: string | null
  fileId: string | null
}

/** Runs one tus-js-client upload to its end (or to `stopAfterBytes`, then aborts without terminating). */
function runUpload(
  input: Buffer,
  options: Partial<UploadOptions> & { stopAfterBytes?: number } = {},
): Promise<Outcome> {
  const { stopAfterBytes, ...rest } = options
  return new Promise((resolve, reject) => {
    let fileId: string | null = null
    const upload: Upload = new Upload(input, {
      endpoint: `${server.url}/api/uploads`,
      headers: cookieHeaders(),
      metadata: { filename: 'client.bin', folder_id: folderId },
      retryDelays: [],
      onAfterResponse: (_req, res) => {
        fileId = res.getHeader('Depot-File-Id') ?? fileId
      },
      onChunkComplete: (_chunk, sent) => {
        if (stopAfterBytes !== undefined && sent >= stopAfterBytes && sent < input.length) {
          void upload.abort(false).then(() => resolve({ url: upload.url, fileId }))
        }
      },
      onSuccess: () => resolve({ url: upload.url, fileId }),
      onError: reject,
      ...rest,
    })
    upload.start()
  })
}

async function storedBytes(fileId: string): Promise<Buffer> {
  const row = await t.database.db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow()
  const stored = await t.deps.storage.get(row.path)
  const chunks: Buffer[] = []
  for await (const c of stored.body) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

describe('tus 1.0 discovery and headers', () => {
  it('answers OPTIONS on the endpoint and on an upload URL with the capabilities, before sign-in', async () => {
    for (const path of ['/api/uploads', `/api/uploads/${'0190c6b2-7d3e-7a4b-8c5d-1e2f3a4b5c6d'}`]) {
      const res = await t.app.request(path, { method: 'OPTIONS' })
      expect(res.status).toBe(204)
      expect(res.headers.get('tus-version')).toBe('1.0.0')
      expect(res.headers.get('tus-extension')?.split(',')).toEqual([
        'creation',
        'creation-with-upload',
        'termination',
        'expiration',
      ])
      expect(res.headers.get('tus-max-size')).toBe(String(MAX_UPLOAD))
      expect(res.headers.get('tus-resumable')).toBe('1.0.0')
    }
  })

  it('puts Tus-Resumable on every answer, errors included, and wants it on HEAD and PATCH (412)', async () => {
    const anonymous = await t.app.request('/api/uploads', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Tus-Resumable': '1.0.0', 'Upload-Length': '1' },
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('tus-resumable')).toBe('1.0.0')

    const unknown = `/api/uploads/${'0190c6b2-7d3e-7a4b-8c5d-1e2f3a4b5c6d'}`
    const missing = await editor.client.request(unknown, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0' },
    })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('tus-resumable')).toBe('1.0.0')
    const malformed = await editor.client.request('/api/uploads/not-an-id', { method: 'HEAD' })
    expect(malformed.headers.get('tus-resumable')).toBe('1.0.0')

    const created = await editor.client.request('/api/uploads', {
      method: 'POST',
      headers: {
        Origin: TEST_ORIGIN,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '4',
        'Upload-Metadata': `filename ${btoa('h.txt')},folder_id ${btoa(folderId)}`,
      },
    })
    const location = created.headers.get('location')!
    const head = await editor.client.request(location, { method: 'HEAD' })
    expect(head.status).toBe(412)
    expect(head.headers.get('tus-version')).toBe('1.0.0')
    expect(head.headers.get('tus-resumable')).toBe('1.0.0')
    const patch = await editor.client.request(location, {
      method: 'PATCH',
      headers: {
        Origin: TEST_ORIGIN,
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Offset': '0',
      },
      body: 'abcd',
    })
    expect(patch.status).toBe(412)
    expect(patch.headers.get('tus-resumable')).toBe('1.0.0')
    const ok = await editor.client.request(location, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0' },
    })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('upload-offset')).toBe('0')
    expect(ok.headers.get('upload-expires')).toBeTruthy()
  })
})

describe('tus-js-client in Node', () => {
  it('creates and uploads a file in chunks', async () => {
    const bytes = randomBytes(300_000)
    const { fileId } = await runUpload(bytes, { chunkSize: 100_000 })
    expect(fileId).toBeTruthy()
    expect(sha(await storedBytes(fileId!))).toBe(sha(bytes))
  })

  it('sends the data with the creation request when asked (creation-with-upload)', async () => {
    const bytes = randomBytes(50_000)
    const { fileId } = await runUpload(bytes, { uploadDataDuringCreation: true })
    expect(sha(await storedBytes(fileId!))).toBe(sha(bytes))
  })

  it('gives back the lease a creation with its first bytes held, so the next PATCH goes on at once', async () => {
    const created = await editor.client.request('/api/uploads', {
      method: 'POST',
      headers: {
        Origin: TEST_ORIGIN,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '6',
        'Upload-Metadata': `filename ${btoa('halves.txt')},folder_id ${btoa(folderId)}`,
        'Content-Type': 'application/offset+octet-stream',
      },
      body: 'abc',
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('upload-offset')).toBe('3')
    const location = created.headers.get('location')!
    const session = await t.database.db
      .selectFrom('upload_sessions')
      .select(['writer', 'staged_bytes'])
      .where('id', '=', location.split('/').pop()!)
      .executeTakeFirstOrThrow()
    expect(session.writer).toBeNull()
    expect(Number(session.staged_bytes)).toBe(3)
    const rest = await editor.client.request(location, {
      method: 'PATCH',
      headers: {
        Origin: TEST_ORIGIN,
        'Tus-Resumable': '1.0.0',
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Offset': '3',
      },
      body: 'def',
    })
    expect(rest.status).toBe(204)
    expect((await storedBytes(rest.headers.get('depot-file-id')!)).toString()).toBe('abcdef')
  })

  it('resumes from a new client that has only the upload URL', async () => {
    const bytes = randomBytes(250_000)
    const first = await runUpload(bytes, { chunkSize: 100_000, stopAfterBytes: 100_000 })
    expect(first.url).toBeTruthy()
    expect(first.fileId).toBeNull()
    const head = await fetch(first.url!, {
      method: 'HEAD',
      headers: { ...cookieHeaders(), 'Tus-Resumable': '1.0.0' },
    })
    expect(Number(head.headers.get('upload-offset'))).toBe(100_000)

    const second = await runUpload(bytes, { uploadUrl: first.url!, chunkSize: 100_000 })
    expect(second.url).toBe(first.url)
    expect(sha(await storedBytes(second.fileId!))).toBe(sha(bytes))
  })

  it('terminates an upload: its bytes go and its URL answers 404', async () => {
    const bytes = randomBytes(200_000)
    const { url } = await runUpload(bytes, { chunkSize: 100_000, stopAfterBytes: 100_000 })
    const id = url!.split('/').pop()!
    const staged = await stagingFileOf(t, id)
    expect(existsSync(staged)).toBe(true)
    await Upload.terminate(url!, { headers: cookieHeaders(), retryDelays: [] })
    expect(existsSync(staged)).toBe(false)
    const head = await fetch(url!, {
      method: 'HEAD',
      headers: { ...cookieHeaders(), 'Tus-Resumable': '1.0.0' },
    })
    expect(head.status).toBe(404)
    expect(
      await t.database.db.selectFrom('upload_sessions').select('id').where('id', '=', id).execute(),
    ).toEqual([])
  })

  it('makes an empty file, which the client completes with its creation alone', async () => {
    const { fileId } = await runUpload(Buffer.alloc(0), {
      metadata: { filename: 'empty.txt', folder_id: folderId },
    })
    expect(fileId).toBeTruthy()
    const row = await t.database.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId!)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      filename: 'empty.txt',
      folder_id: folderId,
      size: 0,
      sha256: sha(Buffer.alloc(0)),
    })
    const listing = await editor.client.json(`/api/folders/${folderId}/children`)
    expect(JSON.stringify(await listing.json())).toContain(fileId!)
  })

  it('uploads with a personal access token: no cookie, no Origin', async () => {
    const res = await editor.client.json('/api/me/access-tokens', 'POST', {
      name: 'uploader',
      scope: 'read-write',
      expiresInDays: 7,
    })
    const { token } = (await res.json()) as CreatedAccessToken
    const bytes = randomBytes(120_000)
    const { fileId } = await runUpload(bytes, {
      headers: { Authorization: `Bearer ${token}` },
      chunkSize: 64_000,
    })
    expect(sha(await storedBytes(fileId!))).toBe(sha(bytes))
  })
})
