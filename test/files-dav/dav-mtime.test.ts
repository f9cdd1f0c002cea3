import { beforeAll, describe, expect, it } from 'vitest'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { dav, makeToken } from './helpers'

// Client modification times: a sync client's mtime (X-OC-Mtime on PUT, PROPPATCH of getlastmodified
// or Win32LastModifiedTime) is what getlastmodified and the API's modifiedAt report afterwards; a new
// content without one goes back to its upload time.

let t: TestApp
let person: Person
let me: ReturnType<typeof dav>

const MTIME = 1_500_000_000 // 2017-07-14T02:40:00Z
const LAST_MODIFIED = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getlastmodified/></D:prop></D:propfind>`

beforeAll(async () => {
  t = await createTestApp()
  person = await signedIn(t, { name: 'Sync Client' })
  me = dav(t, await makeToken(person))
  expect((await me('MKCOL', 'My folders/Sync')).status).toBe(201)
})

async function lastModified(path: string, depth = '0'): Promise<string[]> {
  const res = await me('PROPFIND', path, { headers: { Depth: depth }, body: LAST_MODIFIED })
  expect(res.status).toBe(207)
  return [...(await res.text()).matchAll(/<D:getlastmodified>([^<]*)</g)].map((m) => m[1]!)
}

async function apiFile(name: string) {
  const folder = await t.database.db
    .selectFrom('folders')
    .select('id')
    .where('folder_name', '=', 'Sync')
    .executeTakeFirstOrThrow()
  const res = await person.client.request(`/api/folders/${folder.id}/children`)
  expect(res.status).toBe(200)
  const listing = (await res.json()) as {
    files: { id: string; filename: string; modifiedAt?: string; updatedAt: string }[]
  }
  return listing.files.find((f) => f.filename === name)!
}

describe('client modification times over /dav/', () => {
  it('X-OC-Mtime on PUT is accepted, reported by PROPFIND (alone and in a listing) and the API', async () => {
    const res = await me('PUT', 'My folders/Sync/a.txt', {
      body: 'alpha',
      headers: { 'X-OC-Mtime': String(MTIME) },
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('x-oc-mtime')).toBe('accepted')
    const expected = new Date(MTIME * 1000).toUTCString()
    expect(await lastModified('My folders/Sync/a.txt')).toEqual([expected])
    expect(await lastModified('My folders/Sync', '1')).toContain(expected)
    const file = await apiFile('a.txt')
    expect(file.modifiedAt).toBe(new Date(MTIME * 1000).toISOString())
    expect(file.updatedAt).not.toBe(file.modifiedAt)
  })

  it('a replacement without a client time goes back to its upload time', async () => {
    const res = await me('PUT', 'My folders/Sync/a.txt', { body: 'beta!' })
    expect(res.status).toBe(204)
    expect(res.headers.get('x-oc-mtime')).toBeNull()
    const [reported] = await lastModified('My folders/Sync/a.txt')
    expect(new Date(reported!).getUTCFullYear()).toBeGreaterThan(2020)
    const file = await apiFile('a.txt')
    expect(file.modifiedAt).toBe(file.updatedAt)
  })

  it('a PROPPATCH of DAV:getlastmodified sets the time', async () => {
    const date = 'Tue, 03 Mar 2020 10:20:30 GMT'
    const res = await me('PROPPATCH', 'My folders/Sync/a.txt', {
      body: `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:getlastmodified>${date}</D:getlastmodified></D:prop></D:set></D:propertyupdate>`,
    })
    expect(res.status).toBe(207)
    expect(await res.text()).toContain('200 OK')
    expect(await lastModified('My folders/Sync/a.txt')).toEqual([date])
    expect((await apiFile('a.txt')).modifiedAt).toBe('2020-03-03T10:20:30.000Z')
  })

  it("Windows' Win32LastModifiedTime sets it too, and stays readable as a property", async () => {
    const date = 'Wed, 01 Jan 2014 08:00:00 GMT'
    const res = await me('PROPPATCH', 'My folders/Sync/a.txt', {
      body: `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:schemas-microsoft-com:"><D:set><D:prop><Z:Win32LastModifiedTime>${date}</Z:Win32LastModifiedTime><Z:Win32FileAttributes>00000020</Z:Win32FileAttributes></D:prop></D:set></D:propertyupdate>`,
    })
    expect(res.status).toBe(207)
    expect(await res.text()).not.toMatch(/403|424|507/)
    expect(await lastModified('My folders/Sync/a.txt')).toEqual([date])
  })

  it('other live properties stay protected, and a folder takes no client time', async () => {
    const body = (prop: string) =>
      `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>${prop}</D:prop></D:set></D:propertyupdate>`
    const etag = await me('PROPPATCH', 'My folders/Sync/a.txt', { body: body('<D:getetag>"x"</D:getetag>') })
    expect(await etag.text()).toContain('403 Forbidden')
    const folder = await me('PROPPATCH', 'My folders/Sync', {
      body: body('<D:getlastmodified>Tue, 03 Mar 2020 10:20:30 GMT</D:getlastmodified>'),
    })
    expect(await folder.text()).toContain('403 Forbidden')
    const garbage = await me('PROPPATCH', 'My folders/Sync/a.txt', {
      body: body('<D:getlastmodified>not a date</D:getlastmodified>'),
    })
    expect(await garbage.text()).toContain('403 Forbidden')
  })

  it('an X-OC-Mtime that is no time is a 400 and stores nothing', async () => {
    const res = await me('PUT', 'My folders/Sync/b.txt', { body: 'b', headers: { 'X-OC-Mtime': 'soon' } })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('bad_mtime')
    expect((await me('HEAD', 'My folders/Sync/b.txt')).status).toBe(404)
  })

  it('restoring an earlier version goes back to its upload time too', async () => {
    const put = (body: string) =>
      me('PUT', 'My folders/Sync/c.txt', { body, headers: { 'X-OC-Mtime': String(MTIME) } })
    expect((await put('one')).status).toBe(201)
    expect((await put('two')).status).toBe(204)
    const { id } = await apiFile('c.txt')
    const versions = await person.client.request(`/api/files/${id}/versions`)
    const [old] = ((await versions.json()) as { versions: { id: string }[] }).versions
    const restored = await person.client.json(`/api/files/${id}/versions/${old!.id}/restore`, 'POST')
    expect(restored.status, await restored.clone().text()).toBe(200)
    const file = await apiFile('c.txt')
    expect(file.modifiedAt).toBe(file.updatedAt)
    expect(file.modifiedAt).not.toBe(new Date(MTIME * 1000).toISOString())
  })
})
