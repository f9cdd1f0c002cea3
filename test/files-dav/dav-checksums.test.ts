import { createHash, randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadFile } from '../files-transfer/helpers'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { listen } from './dav-server'
import { basic, dav, makeToken } from './helpers'

// oc:checksums, the SHA-1 and MD5 ownCloud and Nextcloud clients and rclone read from PROPFIND: every
// way a file's content arrives (WebDAV PUT with a length or chunked, tus, a share link's file drop, a
// copy, a replacement and a restored version) publishes the digests of exactly its bytes.

let t: TestApp
let person: Person
let token: string
let me: ReturnType<typeof dav>
let folderId: string
let server: Awaited<ReturnType<typeof listen>>

const CHECKSUMS = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:getcontentlength/><oc:checksums/></d:prop></d:propfind>`

const expected = (bytes: Uint8Array) =>
  `SHA1:${createHash('sha1').update(bytes).digest('hex')} MD5:${createHash('md5').update(bytes).digest('hex')}`

beforeAll(async () => {
  t = await createTestApp()
  person = await signedIn(t, { name: 'Sam Sums' })
  token = await makeToken(person)
  me = dav(t, token)
  expect((await me('MKCOL', 'My folders/Sums')).status).toBe(201)
  folderId = (
    await t.database.db
      .selectFrom('folders')
      .select('id')
      .where('folder_name', '=', 'Sums')
      .executeTakeFirstOrThrow()
  ).id
  server = await listen(t)
})
afterAll(async () => {
  await server?.close()
})

/** Each answered file's oc:checksum (undefined when its propstat says 404), by its last path segment. */
async function checksums(path: string, depth: '0' | '1'): Promise<Map<string, string | undefined>> {
  const res = await me('PROPFIND', path, { headers: { Depth: depth }, body: CHECKSUMS })
  expect(res.status).toBe(207)
  const found = new Map<string, string | undefined>()
  for (const [response] of (await res.text()).matchAll(/<D:response>.*?<\/D:response>/gs)) {
    const href = decodeURIComponent(/<D:href>([^<]*)<\/D:href>/.exec(response)![1]!)
    if (href.endsWith('/')) continue
    found.set(href.split('/').at(-1)!, /<oc:checksum[^>]*>([^<]*)<\/oc:checksum>/.exec(response)?.[1])
  }
  return found
}

async function checksumOf(name: string): Promise<string | undefined> {
  const alone = (await checksums(`My folders/Sums/${name}`, '0')).get(name)
  // A listing answers the same as the file alone.
  expect((await checksums('My folders/Sums', '1')).get(name)).toBe(alone)
  return alone
}

async function fileId(name: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('files')
    .select('id')
    .where('filename', '=', name)
    .where('folder_id', '=', folderId)
    .executeTakeFirstOrThrow()
  return row.id
}

function chunkedPut(name: string, chunks: Buffer[]) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      `${server.origin}/dav/My%20folders/Sums/${encodeURIComponent(name)}`,
      { method: 'PUT', headers: { Authorization: basic(token) } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

describe('oc:checksums', () => {
  it('publishes the SHA-1 and MD5 of a PUT, an empty file, and a chunked PUT', async () => {
    const bytes = randomBytes(300_000)
    expect((await me('PUT', 'My folders/Sums/put.bin', { body: bytes })).status).toBe(201)
    expect(await checksumOf('put.bin')).toBe(expected(bytes))
    expect((await me('PUT', 'My folders/Sums/empty.txt', { body: '' })).status).toBe(201)
    expect(await checksumOf('empty.txt')).toBe(
      'SHA1:da39a3ee5e6b4b0d3255bfef95601890afd80709 MD5:d41d8cd98f00b204e9800998ecf8427e',
    )
    const parts = [randomBytes(70_000), randomBytes(1), randomBytes(65_536)]
    expect(await chunkedPut('chunked.bin', parts)).toBe(201)
    expect(await checksumOf('chunked.bin')).toBe(expected(Buffer.concat(parts)))
  })

  it('publishes those of a tus upload sent in several requests, over several hashing slots', async () => {
    const bytes = randomBytes(2.5 * (1 << 20))
    await uploadFile(person, folderId, 'tus.bin', bytes, 700_000)
    expect(await checksumOf('tus.bin')).toBe(expected(bytes))
  })

  it('publishes those of a file dropped through a share link, and of a copy', async () => {
    const { token: link } = await call(person, 'POST', `/api/folders/${folderId}/links`, { mode: 'upload' })
    const bytes = randomBytes(5_000)
    const dropped = await t.app.request(`/api/s/${link}/files?name=dropped.bin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: bytes,
    })
    expect(dropped.status, await dropped.clone().text()).toBe(201)
    expect(await checksumOf('dropped.bin')).toBe(expected(bytes))

    expect(
      (
        await me('COPY', 'My folders/Sums/dropped.bin', {
          headers: { Destination: '/dav/My%20folders/Sums/copied.bin' },
        })
      ).status,
    ).toBe(201)
    expect(await checksumOf('copied.bin')).toBe(expected(bytes))
    await call(person, 'POST', '/api/items/copy', {
      targetFolderId: folderId,
      items: [{ type: 'file', id: await fileId('dropped.bin') }],
    })
    expect(await checksumOf('dropped (1).bin')).toBe(expected(bytes))
  })

  it('follows a replacement, and a restored version brings its own back', async () => {
    const first = Buffer.from('first content')
    const second = Buffer.from('other content')
    expect((await me('PUT', 'My folders/Sums/doc.txt', { body: first })).status).toBe(201)
    expect((await me('PUT', 'My folders/Sums/doc.txt', { body: second })).status).toBe(204)
    expect(await checksumOf('doc.txt')).toBe(expected(second))
    const id = await fileId('doc.txt')
    const versions = await t.database.db
      .selectFrom('file_versions')
      .select(['id', 'sha1', 'md5'])
      .where('file_id', '=', id)
      .execute()
    expect(versions).toHaveLength(1)
    expect(`SHA1:${versions[0]!.sha1} MD5:${versions[0]!.md5}`).toBe(expected(first))
    await call(person, 'POST', `/api/files/${id}/versions/${versions[0]!.id}/restore`)
    expect(await checksumOf('doc.txt')).toBe(expected(first))
  })

  it('leaves the property out (404) for a content stored before hashes were kept, and refuses to set it', async () => {
    expect((await me('PUT', 'My folders/Sums/old.txt', { body: 'from long ago' })).status).toBe(201)
    await t.database.db
      .updateTable('files')
      .set({ sha1: null, md5: null })
      .where('id', '=', await fileId('old.txt'))
      .execute()
    const res = await me('PROPFIND', 'My folders/Sums/old.txt', { headers: { Depth: '0' }, body: CHECKSUMS })
    const xml = await res.text()
    expect(xml).toMatch(
      /<D:propstat><D:prop><p\d+:checksums xmlns:p\d+="http:\/\/owncloud.org\/ns"\/><\/D:prop><D:status>HTTP\/1.1 404 Not Found/,
    )
    expect(await checksumOf('old.txt')).toBeUndefined()
    // Property names of a listing: the files with digests name oc:checksums, the older one does not.
    const names = await me('PROPFIND', 'My folders/Sums', {
      headers: { Depth: '1' },
      body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:propname/></D:propfind>',
    })
    const named = new Map(
      [...(await names.text()).matchAll(/<D:response>.*?<\/D:response>/gs)].map(([r]) => [
        decodeURIComponent(/<D:href>([^<]*)</.exec(r)![1]!)
          .split('/')
          .at(-1),
        /:checksums xmlns:p\d+="http:\/\/owncloud.org\/ns"\/>/.test(r),
      ]),
    )
    expect(named.get('put.bin')).toBe(true)
    expect(named.get('old.txt')).toBe(false)

    const patch = await me('PROPPATCH', 'My folders/Sums/put.bin', {
      body: `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop><oc:checksums>SHA1:0 MD5:0</oc:checksums></d:prop></d:set></d:propertyupdate>`,
    })
    expect(patch.status).toBe(207)
    expect(await patch.text()).toContain('403 Forbidden')
  })
})
