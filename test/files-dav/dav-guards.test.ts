import { beforeAll, describe, expect, it } from 'vitest'
import { createUpload } from '../files-transfer/helpers'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { dav, LOCKINFO, makeToken } from './helpers'

// What keeps /dav/ from being turned against the people who share a folder: locks need write rights
// and hold against the web app and the API too; dead properties are bounded; wrong token guesses are
// throttled without locking out the right token.

let t: TestApp
let owner: Person
let editor: Person
let viewer: Person
let ownerDav: ReturnType<typeof dav>
let viewerDav: ReturnType<typeof dav>
let teamId: string

const idOf = async (table: 'files' | 'folders', column: 'filename' | 'folder_name', name: string) =>
  (
    await t.database.db
      .selectFrom(table as 'files')
      .select('id')
      .where(column as 'filename', '=', name)
      .executeTakeFirstOrThrow()
  ).id

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Ola Owner' })
  editor = await signedIn(t, { name: 'Eddie Editor' })
  viewer = await signedIn(t, { name: 'Vera Viewer' })
  ownerDav = dav(t, await makeToken(owner))
  viewerDav = dav(t, await makeToken(viewer))
  expect((await ownerDav('MKCOL', 'My folders/Team')).status).toBe(201)
  expect((await ownerDav('MKCOL', 'My folders/Team/Inner')).status).toBe(201)
  expect((await ownerDav('MKCOL', 'My folders/Team/Elsewhere')).status).toBe(201)
  teamId = await idOf('folders', 'folder_name', 'Team')
  await grant(t, teamId, editor.id, 'editor')
  await grant(t, teamId, viewer.id, 'viewer')
})

describe('WebDAV locks', () => {
  it('a viewer can neither take nor refresh a lock (403), on a file or a folder', async () => {
    expect((await ownerDav('PUT', 'My folders/Team/plan.txt', { body: 'plan' })).status).toBe(201)
    for (const path of ['My folders/Team/plan.txt', 'My folders/Team/Inner']) {
      const res = await viewerDav('LOCK', path.replace('My folders', 'Shared with me'), { body: LOCKINFO })
      expect(res.status, await res.text()).toBe(403)
    }
    const held = await ownerDav('LOCK', 'My folders/Team/plan.txt', { body: LOCKINFO })
    expect(held.status).toBe(200)
    const token = held.headers.get('lock-token')!
    const refresh = await viewerDav('LOCK', 'Shared with me/Team/plan.txt', {
      headers: { If: `(${token})`, Timeout: 'Second-3600' },
    })
    expect(refresh.status).toBe(403)
    expect(
      (await ownerDav('UNLOCK', 'My folders/Team/plan.txt', { headers: { 'Lock-Token': token } })).status,
    ).toBe(204)
  })

  it('a lock stops the web app and the API from trashing, moving, renaming or replacing the item (423)', async () => {
    expect((await ownerDav('PUT', 'My folders/Team/Inner/draft.txt', { body: 'draft' })).status).toBe(201)
    const fileId = await idOf('files', 'filename', 'draft.txt')
    const innerId = await idOf('folders', 'folder_name', 'Inner')
    const elsewhereId = await idOf('folders', 'folder_name', 'Elsewhere')
    const held = await ownerDav('LOCK', 'My folders/Team/Inner/draft.txt', { body: LOCKINFO })
    expect(held.status).toBe(200)
    const token = held.headers.get('lock-token')!

    const attempts = [
      () => editor.client.json(`/api/files/${fileId}`, 'DELETE'),
      () => editor.client.json(`/api/files/${fileId}/move`, 'POST', { targetFolderId: elsewhereId }),
      () => editor.client.json(`/api/files/${fileId}`, 'PATCH', { filename: 'renamed.txt' }),
      () => createUpload(editor, 3, { file_id: fileId }),
      // The folder holding the locked file cannot be trashed or moved either.
      () => editor.client.json(`/api/folders/${innerId}`, 'DELETE'),
      () => editor.client.json(`/api/folders/${innerId}/move`, 'POST', { targetFolderId: elsewhereId }),
    ]
    for (const attempt of attempts) {
      const res = await attempt()
      expect(res.status, await res.clone().text()).toBe(423)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
      expect(await res.json()).toMatchObject({ code: 'locked', detail: expect.stringMatching(/WebDAV/) })
    }
    expect(
      (await ownerDav('UNLOCK', 'My folders/Team/Inner/draft.txt', { headers: { 'Lock-Token': token } }))
        .status,
    ).toBe(204)
    const trashed = await editor.client.json(`/api/files/${fileId}`, 'DELETE')
    expect(trashed.status, await trashed.text()).toBe(200)
  })

  it('a deep lock on a folder covers the files inside it for the API', async () => {
    expect((await ownerDav('PUT', 'My folders/Team/Elsewhere/deep.txt', { body: 'deep' })).status).toBe(201)
    const fileId = await idOf('files', 'filename', 'deep.txt')
    const held = await ownerDav('LOCK', 'My folders/Team/Elsewhere', {
      body: LOCKINFO,
      headers: { Depth: 'infinity' },
    })
    expect(held.status).toBe(200)
    expect((await editor.client.json(`/api/files/${fileId}`, 'DELETE')).status).toBe(423)
    // The holder's own client is not stopped.
    expect(
      (await owner.client.json(`/api/files/${fileId}`, 'PATCH', { filename: 'deeper.txt' })).status,
    ).toBe(200)
    const token = held.headers.get('lock-token')!
    expect(
      (await ownerDav('UNLOCK', 'My folders/Team/Elsewhere', { headers: { 'Lock-Token': token } })).status,
    ).toBe(204)
  })
})

const proppatch = (props: string) =>
  `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop>${props}</D:prop></D:set></D:propertyupdate>`

describe('dead properties', () => {
  it('a property over 16 KiB is refused with 507 and nothing of the request is stored', async () => {
    expect((await ownerDav('PUT', 'My folders/Team/props.txt', { body: 'p' })).status).toBe(201)
    const big = 'x'.repeat(900 * 1024)
    const res = await ownerDav('PROPPATCH', 'My folders/Team/props.txt', {
      body: proppatch(`<Z:small>ok</Z:small><Z:big>${big}</Z:big>`),
    })
    expect(res.status).toBe(207)
    const xml = await res.text()
    expect(xml).toMatch(/<p\d+:big [^>]*\/><\/D:prop><D:status>HTTP\/1.1 507 Insufficient Storage/)
    expect(xml).toMatch(/<p\d+:small [^>]*\/><\/D:prop><D:status>HTTP\/1.1 424 Failed Dependency/)
    const rows = await t.database.db.selectFrom('dav_properties').select('name').execute()
    expect(rows.map((r) => r.name)).not.toContain('small')
  })

  it('an item keeps at most 100 dead properties; the 101st is refused with 507', async () => {
    expect((await ownerDav('PUT', 'My folders/Team/many.txt', { body: 'm' })).status).toBe(201)
    const props = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `<Z:p${from + i}>v</Z:p${from + i}>`).join('')
    const first = await ownerDav('PROPPATCH', 'My folders/Team/many.txt', { body: proppatch(props(0, 100)) })
    expect(first.status).toBe(207)
    expect(await first.text()).not.toMatch(/507|424/)
    const more = await ownerDav('PROPPATCH', 'My folders/Team/many.txt', { body: proppatch(props(100, 101)) })
    expect(await more.text()).toContain('HTTP/1.1 507 Insufficient Storage')
    // Replacing one it has is not a new one.
    const again = await ownerDav('PROPPATCH', 'My folders/Team/many.txt', { body: proppatch(props(5, 6)) })
    expect(await again.text()).toContain('HTTP/1.1 200 OK')
  })
})

describe('wrong-token throttling', () => {
  it('twenty wrong tokens from one address throttle wrong guesses (429), not the right token', async () => {
    const wrong = dav(t, 'dpat_not-a-real-token')
    const statuses: number[] = []
    for (let i = 0; i < 21; i++)
      statuses.push((await wrong('PROPFIND', '/', { headers: { Depth: '0' } })).status)
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true)
    expect(statuses[20]).toBe(429)
    const right = await ownerDav('PROPFIND', '/', { headers: { Depth: '0' } })
    expect(right.status).toBe(207)
    expect((await wrong('PROPFIND', '/', { headers: { Depth: '0' } })).status).toBe(429)
  })
})
