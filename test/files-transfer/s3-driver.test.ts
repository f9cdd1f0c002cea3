import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestS3Server, type TestS3Server } from '../storage/s3-test-server'
import { insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { uploadFile } from './helpers'

// The same upload, download and zip paths with blobs in S3 (s3rver on loopback): the staging file
// stays local, the finished file lands in the bucket under a generated key.

let s3: TestS3Server
let t: TestApp
let editor: Person
let folderId: string

beforeAll(async () => {
  s3 = await startTestS3Server()
  t = await createTestApp({ env: s3.env })
  editor = await signedIn(t, { name: 'Edna Tester' })
  folderId = (await insertFolder(t.database.db, { folder_name: 'Cloud', type: 'locked' })).id
  await grant(t, folderId, editor.id, 'editor')
})
afterAll(async () => {
  await t.deps.storage.close()
  await s3.stop()
})

describe('with the S3 driver', () => {
  it('uploads in chunks, downloads with ranges, zips', async () => {
    expect(t.deps.storage.driver).toBe('s3')
    const bytes = randomBytes(6 * 1024 * 1024 + 3)
    const id = await uploadFile(editor, folderId, 'cloud.bin', bytes, 2 * 1024 * 1024)
    const row = await t.database.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
    expect(await t.deps.storage.exists(row.path)).toBe(true)

    const full = await editor.client.request(`/api/files/${id}/download`)
    expect(Buffer.from(await full.arrayBuffer()).equals(bytes)).toBe(true)
    const part = await editor.client.request(`/api/files/${id}/download`, {
      headers: { Range: 'bytes=10-19' },
    })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true)

    const empty = await uploadFile(editor, folderId, 'empty.txt', new Uint8Array(0))
    expect((await editor.client.request(`/api/files/${empty}/download`)).headers.get('content-length')).toBe(
      '0',
    )

    const zip = await editor.client.request(`/api/folders/${folderId}/zip`)
    const buffer = Buffer.from(await zip.arrayBuffer())
    expect(buffer.length).toBe(Number(zip.headers.get('content-length')))
    expect(buffer.includes(bytes.subarray(0, 64))).toBe(true)
  }, 60_000)
})
