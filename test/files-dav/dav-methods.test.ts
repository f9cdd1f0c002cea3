import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { dav, hrefs, LOCKINFO, makeToken, PROPFIND_NAMES } from './helpers'

// WebDAV at /dav/ (docs/decisions/0091) through the real app: each method over the file manager's own
// services, with the same folders, names and rights, and the trash, versions and notifications the UI
// would make.

let t: TestApp
let owner: Person
let viewer: Person
let ownerDav: ReturnType<typeof dav>
let viewerDav: ReturnType<typeof dav>

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olu Owner' })
  viewer = await signedIn(t, { name: 'Vic Viewer' })
  ownerDav = dav(t, await makeToken(owner))
  viewerDav = dav(t, await makeToken(viewer))
  const mk = await ownerDav('MKCOL', 'My folders/Reports')
  expect(mk.status, await mk.text()).toBe(201)
  const reports = await t.database.db
    .selectFrom('folders')
    .select('id')
    .where('folder_name', '=', 'Reports')
    .executeTakeFirstOrThrow()
  await grant(t, reports.id, viewer.id, 'viewer')
})

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex')

describe('/dav/ methods', () => {
  it('OPTIONS says class 1 and 2', async () => {
    const res = await t.app.request('/dav/', { method: 'OPTIONS' })
    expect(res.status).toBe(200)
    expect(res.headers.get('dav')).toBe('1, 2')
  })

  it('PROPFIND lists the three sections, then My folders and Shared with me as the home views do', async () => {
    const root = await ownerDav('PROPFIND', '/', { headers: { Depth: '1' }, body: PROPFIND_NAMES })
    expect(root.status).toBe(207)
    expect(hrefs(await root.text())).toEqual([
      '/dav/',
      '/dav/My folders/',
      '/dav/Shared with me/',
      '/dav/Public/',
    ])
    const mine = await ownerDav('PROPFIND', 'My folders/', { headers: { Depth: '1' } })
    expect(hrefs(await mine.text())).toContain('/dav/My folders/Reports/')
    const shared = await viewerDav('PROPFIND', 'Shared with me/', { headers: { Depth: '1' } })
    expect(hrefs(await shared.text())).toContain('/dav/Shared with me/Reports/')
    const depth0 = await ownerDav('PROPFIND', 'My folders/Reports', {
      headers: { Depth: '0' },
      body: PROPFIND_NAMES,
    })
    const xml = await depth0.text()
    expect(hrefs(xml)).toEqual(['/dav/My folders/Reports/'])
    expect(xml).toContain('<D:collection/>')
    const infinity = await ownerDav('PROPFIND', 'My folders/', { headers: { Depth: 'infinity' } })
    expect(infinity.status).toBe(403)
  })

  it('PUT streams a file in (201), GET and HEAD read it back with ranges and ETag, a second PUT keeps a version', async () => {
    const put = await ownerDav('PUT', 'My folders/Reports/notes.txt', {
      body: 'hello, drive',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(put.status, await put.text()).toBe(201)
    const get = await ownerDav('GET', 'My folders/Reports/notes.txt')
    expect(get.status).toBe(200)
    expect(get.headers.get('etag')).toBe(`"${Buffer.from(sha('hello, drive'), 'hex').toString('base64url')}"`)
    expect(await get.text()).toBe('hello, drive')
    const range = await ownerDav('GET', 'My folders/Reports/notes.txt', { headers: { Range: 'bytes=7-11' } })
    expect(range.status).toBe(206)
    expect(await range.text()).toBe('drive')
    const notModified = await ownerDav('GET', 'My folders/Reports/notes.txt', {
      headers: { 'If-None-Match': get.headers.get('etag')! },
    })
    expect(notModified.status).toBe(304)
    const head = await ownerDav('HEAD', 'My folders/Reports/notes.txt')
    expect(head.headers.get('content-length')).toBe('12')

    const again = await ownerDav('PUT', 'My folders/Reports/notes.txt', { body: 'hello again' })
    expect(again.status).toBe(204)
    expect(await (await ownerDav('GET', 'My folders/Reports/notes.txt')).text()).toBe('hello again')
    const file = await t.database.db
      .selectFrom('files')
      .select(['id'])
      .where('filename', '=', 'notes.txt')
      .executeTakeFirstOrThrow()
    const versions = await t.database.db
      .selectFrom('file_versions')
      .select('sha256')
      .where('file_id', '=', file.id)
      .execute()
    expect(versions.map((v) => v.sha256)).toEqual([sha('hello, drive')])
    // The folder's notification is the upload's, as in the file manager.
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['action', 'mainItem'])
      .where('mainItem', '=', 'notes.txt')
      .execute()
    expect(notes.map((n) => n.action).sort()).toEqual(['updated', 'uploaded'])
  })

  it('a viewer reads but cannot PUT, MKCOL or DELETE (403); a read-only token cannot write at all', async () => {
    expect((await viewerDav('GET', 'Shared with me/Reports/notes.txt')).status).toBe(200)
    expect((await viewerDav('PUT', 'Shared with me/Reports/x.txt', { body: 'no' })).status).toBe(403)
    expect((await viewerDav('MKCOL', 'Shared with me/Reports/sub')).status).toBe(403)
    expect((await viewerDav('DELETE', 'Shared with me/Reports/notes.txt')).status).toBe(403)
    const readOnly = dav(t, await makeToken(owner, 'read-only'))
    expect((await readOnly('PROPFIND', 'My folders/', { headers: { Depth: '1' } })).status).toBe(207)
    expect((await readOnly('PUT', 'My folders/Reports/y.txt', { body: 'no' })).status).toBe(403)
  })

  it('a locked subfolder the viewer has no grant on is not there for them', async () => {
    expect((await ownerDav('MKCOL', 'My folders/Reports/Private')).status).toBe(201)
    await t.database.db
      .updateTable('folders')
      .set({ type: 'locked' })
      .where('folder_name', '=', 'Private')
      .execute()
    const listing = await viewerDav('PROPFIND', 'Shared with me/Reports/', { headers: { Depth: '1' } })
    expect(hrefs(await listing.text())).not.toContain('/dav/Shared with me/Reports/Private/')
    expect(
      (await viewerDav('PROPFIND', 'Shared with me/Reports/Private', { headers: { Depth: '0' } })).status,
    ).toBe(404)
  })

  it('Public lists the public top-level folders', async () => {
    await insertFolder(t.database.db, { folder_name: 'Handbook', type: 'public' })
    const res = await viewerDav('PROPFIND', 'Public/', { headers: { Depth: '1' } })
    expect(hrefs(await res.text())).toContain('/dav/Public/Handbook/')
  })

  it('DELETE moves the item to the trash', async () => {
    expect((await ownerDav('PUT', 'My folders/Reports/old.txt', { body: 'old' })).status).toBe(201)
    expect((await ownerDav('DELETE', 'My folders/Reports/old.txt')).status).toBe(204)
    expect((await ownerDav('GET', 'My folders/Reports/old.txt')).status).toBe(404)
    const row = await t.database.db
      .selectFrom('files')
      .select('isTrashed')
      .where('filename', '=', 'old.txt')
      .executeTakeFirstOrThrow()
    expect(row.isTrashed).toBe(true)
    const entry = await t.database.db
      .selectFrom('trash_items')
      .select('id')
      .where('item_type', '=', 'file')
      .execute()
    expect(entry.length).toBeGreaterThan(0)
  })

  it('COPY makes a new file; MOVE renames and moves; Overwrite: F onto a taken name is 412', async () => {
    expect((await ownerDav('PUT', 'My folders/Reports/a.txt', { body: 'A' })).status).toBe(201)
    const dest = (p: string) => ({ Destination: `http://localhost:3000/dav/${encodeURI(p)}` })
    expect(
      (await ownerDav('COPY', 'My folders/Reports/a.txt', { headers: dest('My folders/Reports/b.txt') }))
        .status,
    ).toBe(201)
    expect(await (await ownerDav('GET', 'My folders/Reports/b.txt')).text()).toBe('A')
    const refused = await ownerDav('MOVE', 'My folders/Reports/a.txt', {
      headers: { ...dest('My folders/Reports/b.txt'), Overwrite: 'F' },
    })
    expect(refused.status).toBe(412)
    expect((await ownerDav('MKCOL', 'My folders/Reports/Archive')).status).toBe(201)
    const moved = await ownerDav('MOVE', 'My folders/Reports/a.txt', {
      headers: dest('My folders/Reports/Archive/c.txt'),
    })
    expect(moved.status).toBe(201)
    expect(await (await ownerDav('GET', 'My folders/Reports/Archive/c.txt')).text()).toBe('A')
    expect((await ownerDav('GET', 'My folders/Reports/a.txt')).status).toBe(404)
    const over = await ownerDav('MOVE', 'My folders/Reports/b.txt', {
      headers: { ...dest('My folders/Reports/Archive/c.txt'), Overwrite: 'T' },
    })
    expect(over.status).toBe(204)
  })

  it('LOCK then PUT without the token is 423, with it 2xx; UNLOCK frees it', async () => {
    expect((await ownerDav('PUT', 'My folders/Reports/locked.txt', { body: '1' })).status).toBe(201)
    const lock = await ownerDav('LOCK', 'My folders/Reports/locked.txt', {
      body: LOCKINFO,
      headers: { Timeout: 'Second-60' },
    })
    expect(lock.status).toBe(200)
    const token = lock.headers.get('lock-token')!
    expect(token).toMatch(/^<opaquelocktoken:/)
    expect((await ownerDav('PUT', 'My folders/Reports/locked.txt', { body: '2' })).status).toBe(423)
    expect((await ownerDav('DELETE', 'My folders/Reports/locked.txt')).status).toBe(423)
    expect(
      (await ownerDav('PUT', 'My folders/Reports/locked.txt', { body: '3', headers: { If: `(${token})` } }))
        .status,
    ).toBe(204)
    expect(
      (await ownerDav('UNLOCK', 'My folders/Reports/locked.txt', { headers: { 'Lock-Token': token } }))
        .status,
    ).toBe(204)
    expect((await ownerDav('PUT', 'My folders/Reports/locked.txt', { body: '4' })).status).toBe(204)
  })

  it('PROPPATCH stores dead properties that PROPFIND returns', async () => {
    const set = await ownerDav('PROPPATCH', 'My folders/Reports/notes.txt', {
      body: `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:example"><D:set><D:prop><Z:colour>blue &amp; green</Z:colour></D:prop></D:set></D:propertyupdate>`,
    })
    expect(set.status).toBe(207)
    expect(await set.text()).toContain('200 OK')
    const get = await ownerDav('PROPFIND', 'My folders/Reports/notes.txt', {
      headers: { Depth: '0' },
      body: `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><colour xmlns="urn:example"/></D:prop></D:propfind>`,
    })
    expect(await get.text()).toMatch(/<p0:colour xmlns:p0="urn:example">blue &amp; green<\/p0:colour>/)
  })

  it('refuses a bad token, no credentials, a cookie alone and the account password with 401 Basic', async () => {
    const bad = await dav(t, 'dpt_notatoken')('PROPFIND', '/')
    expect(bad.status).toBe(401)
    expect(bad.headers.get('www-authenticate')).toMatch(/^Basic realm="Depot"/)
    expect((await dav(t, owner.plainPassword)('PROPFIND', '/')).status).toBe(401)
    expect((await owner.client.request('/dav/', { method: 'PROPFIND' })).status).toBe(401)
    await t.database.db.updateTable('users').set({ isRestricted: true }).where('id', '=', viewer.id).execute()
    expect((await viewerDav('PROPFIND', '/')).status).toBe(401)
    await t.database.db
      .updateTable('users')
      .set({ isRestricted: false })
      .where('id', '=', viewer.id)
      .execute()
  })

  it('XML with a DOCTYPE is refused (no entities, no XXE)', async () => {
    const res = await ownerDav('PROPFIND', '/', {
      headers: { Depth: '0' },
      body: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>`,
    })
    expect(res.status).toBe(400)
  })
})
