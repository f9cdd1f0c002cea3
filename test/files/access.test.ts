import { beforeAll, describe, expect, it } from 'vitest'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { file, fileRow, folder, folderRow, status } from './helpers'

// Who may do what, enforced by the server (product.md §2): a viewer gets 403 for every write; locked
// folders inside public ones and public ones inside locked ones; the nearest grant wins; locked
// folders the caller cannot open are never listed and guessed ids reveal nothing; the home views,
// breadcrumbs and search show only what the caller can open.

let t: TestApp
let owner: Person
let viewer: Person
let outsider: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  viewer = await signedIn(t, { name: 'Vera Tester' })
  outsider = await signedIn(t, { name: 'Otto Tester' })
  admin = await signedIn(t, { name: 'Ada Tester', role: 'admin' })
})

describe('a viewer', () => {
  it('gets 403 from the server for every write', async () => {
    const top = await folder(t, 'Viewed')
    await grant(t, top.id, owner.id, 'administrator')
    await grant(t, top.id, viewer.id, 'viewer')
    const sub = await folder(t, 'Sub', { parent_id: top.id, type: 'public' })
    const other = await folder(t, 'Other', { parent_id: top.id, type: 'public' })
    const f = await file(t, top.id, 'f.txt')
    const writes: [string, string, unknown?][] = [
      ['POST', '/api/folders', { folder_name: 'New', parent_id: top.id }],
      ['PATCH', `/api/folders/${sub.id}`, { folder_name: 'Renamed' }],
      ['PATCH', `/api/folders/${top.id}`, { folder_name: 'Renamed' }],
      ['PATCH', `/api/folders/${sub.id}`, { type: 'locked' }],
      ['DELETE', `/api/folders/${sub.id}`],
      ['DELETE', `/api/folders/${top.id}`],
      ['POST', `/api/folders/${sub.id}/move`, { targetFolderId: other.id }],
      ['POST', `/api/folders/${sub.id}/copy`, { targetFolderId: other.id }],
      ['PATCH', `/api/files/${f.id}`, { filename: 'g.txt' }],
      ['DELETE', `/api/files/${f.id}`],
      ['POST', `/api/files/${f.id}/move`, { targetFolderId: sub.id }],
      ['POST', `/api/files/${f.id}/copy`, { targetFolderId: sub.id }],
      ['GET', `/api/folders/${top.id}/permissions`],
      ['PUT', `/api/folders/${top.id}/permissions/${outsider.id}`, { permissionType: 'viewer' }],
      ['DELETE', `/api/folders/${top.id}/permissions/${owner.id}`],
    ]
    const answers = []
    for (const [method, path, body] of writes)
      answers.push(`${method} ${path} ${await status(viewer, method, path, body)}`)
    expect(answers).toEqual(writes.map(([method, path]) => `${method} ${path} 403`))
    // Not even into a folder of their own: copying is an editor's right on the source.
    const own = await call(viewer, 'POST', '/api/folders', { folder_name: 'Viewer’s own' }, 201)
    expect(await status(viewer, 'POST', `/api/files/${f.id}/copy`, { targetFolderId: own.id })).toBe(403)
    expect(await status(viewer, 'POST', `/api/folders/${sub.id}/copy`, { targetFolderId: own.id })).toBe(403)
    expect(await status(viewer, 'POST', `/api/files/${f.id}/move`, { targetFolderId: own.id })).toBe(403)
    const bulk = await call(viewer, 'POST', '/api/items/trash', { items: [{ type: 'file', id: f.id }] })
    expect(bulk.results[0]).toMatchObject({ status: 'failed', httpStatus: 403 })
    expect((await fileRow(t, f.id))?.isTrashed).toBe(false)
    expect((await folderRow(t, sub.id))?.folder_name).toBe('Sub')
    // Reading is fine, and the abilities say what the UI may offer.
    const listing = await call(viewer, 'GET', `/api/folders/${top.id}/children`)
    expect(listing.folder.abilities).toMatchObject({ list: true, write: false, rename: false, share: false })
    expect(listing.files[0]).toBeDefined()
    expect(listing.files[0]!.abilities).toMatchObject({ download: true, rename: false, trash: false })
  })
})

describe('locked and public', () => {
  it('a locked folder inside a public one is hidden from those without a grant on it', async () => {
    const pub = await folder(t, 'Public stuff', { type: 'public' })
    const locked = await folder(t, 'Salaries', { parent_id: pub.id, type: 'locked' })
    await file(t, locked.id, 'salaries.xlsx')
    const listing = await call(outsider, 'GET', `/api/folders/${pub.id}/children`)
    expect(listing.folders.map((f: { id: string }) => f.id)).not.toContain(locked.id)
    expect(await status(outsider, 'GET', `/api/folders/${locked.id}`)).toBe(404)
    const search = await call(outsider, 'GET', '/api/items/search?q=salar')
    expect(search.folders).toEqual([])
    expect(search.files).toEqual([])

    await grant(t, locked.id, viewer.id, 'viewer')
    const seen = await call(viewer, 'GET', `/api/folders/${pub.id}/children`)
    expect(seen.folders.map((f: { id: string }) => f.id)).toContain(locked.id)
    expect((await call(viewer, 'GET', '/api/items/search?q=salar')).files).toHaveLength(1)
  })

  it('a public folder inside a locked one is open only to those who can open the locked one', async () => {
    const locked = await folder(t, 'Board')
    const inner = await folder(t, 'Minutes', { parent_id: locked.id, type: 'public' })
    expect(await status(outsider, 'GET', `/api/folders/${inner.id}`)).toBe(404)
    await grant(t, locked.id, viewer.id, 'viewer')
    const got = await call(viewer, 'GET', `/api/folders/${inner.id}`)
    expect(got.folder.access).toEqual({ level: 'viewer', via: 'grant' })
    expect(got.breadcrumbs.map((c: { id: string }) => c.id)).toEqual([locked.id])
  })

  it('the nearest grant wins', async () => {
    const top = await folder(t, 'Projects')
    const sub = await folder(t, 'Read only', { parent_id: top.id, type: 'public' })
    const nearest = await signedIn(t, { name: 'Nina Tester' })
    await grant(t, top.id, nearest.id, 'editor')
    await grant(t, sub.id, nearest.id, 'viewer')
    expect(await status(nearest, 'POST', '/api/folders', { folder_name: 'x', parent_id: sub.id })).toBe(403)
    expect(await status(nearest, 'POST', '/api/folders', { folder_name: 'x', parent_id: top.id })).toBe(201)
    const up = await signedIn(t, { name: 'Uma Tester' })
    await grant(t, top.id, up.id, 'viewer')
    await grant(t, sub.id, up.id, 'editor')
    expect(await status(up, 'POST', '/api/folders', { folder_name: 'y', parent_id: sub.id })).toBe(201)
    expect(await status(up, 'POST', '/api/folders', { folder_name: 'y', parent_id: top.id })).toBe(403)
  })

  it('administrators lock, only super users make public', async () => {
    const top = await folder(t, 'Lockable')
    await grant(t, top.id, owner.id, 'administrator')
    const sub = await folder(t, 'Inside', { parent_id: top.id, type: 'public' })
    // Locking keeps the one who locked it inside: they administer it from then on.
    const locked = await call(owner, 'PATCH', `/api/folders/${sub.id}`, { type: 'locked' })
    expect(locked).toMatchObject({ type: 'locked', access: { level: 'administrator', via: 'grant' } })
    expect(await status(owner, 'PATCH', `/api/folders/${sub.id}`, { type: 'public' })).toBe(403)
    expect((await call(admin, 'PATCH', `/api/folders/${sub.id}`, { type: 'public' })).type).toBe('public')
  })
})

describe('the trash in listings', () => {
  it('hides trashed items from listings, search and direct reads', async () => {
    const top = await folder(t, 'Trashy')
    await grant(t, top.id, owner.id, 'administrator')
    const sub = await folder(t, 'Binned folder', { parent_id: top.id, type: 'public' })
    const f = await file(t, top.id, 'binned-file.txt')
    await call(owner, 'DELETE', `/api/folders/${sub.id}`)
    await call(owner, 'DELETE', `/api/files/${f.id}`)
    const listing = await call(owner, 'GET', `/api/folders/${top.id}/children`)
    expect(listing.folders).toEqual([])
    expect(listing.files).toEqual([])
    const search = await call(owner, 'GET', '/api/items/search?q=binned')
    expect([...search.folders, ...search.files]).toEqual([])
    expect(await status(owner, 'GET', `/api/folders/${sub.id}`)).toBe(404)
    expect(await status(owner, 'GET', `/api/files/${f.id}`)).toBe(404)
    expect(await status(owner, 'POST', '/api/folders', { folder_name: 'x', parent_id: sub.id })).toBe(404)
  })
})

describe('guessed ids', () => {
  it('answer exactly like ids that do not exist', async () => {
    const secret = await folder(t, 'Secret')
    const f = await file(t, secret.id, 'plan.txt')
    const missing = crypto.randomUUID()
    for (const [existing, path] of [
      [`/api/folders/${secret.id}`, `/api/folders/${missing}`],
      [`/api/folders/${secret.id}/children`, `/api/folders/${missing}/children`],
      [`/api/files/${f.id}`, `/api/files/${missing}`],
    ] as const) {
      const a = await outsider.client.json(existing)
      const b = await outsider.client.json(path)
      expect(a.status).toBe(404)
      expect(b.status).toBe(404)
      const [ja, jb] = [await a.json(), await b.json()]
      expect({ ...ja, requestId: undefined }).toEqual({ ...jb, requestId: undefined })
    }
    expect(await status(outsider, 'PATCH', `/api/files/${f.id}`, { filename: 'x' })).toBe(404)
    expect(await status(outsider, 'DELETE', `/api/folders/${secret.id}`)).toBe(404)
  })
})

describe('home views', () => {
  it('Public, Shared with me (highest direct grants), My folders and All folders (super users)', async () => {
    const pub = await folder(t, 'Everyone', { type: 'public' })
    const mine = await call(owner, 'POST', '/api/folders', { folder_name: 'Mine' }, 201)
    const theirs = await folder(t, 'Theirs')
    const deep = await folder(t, 'Deep', { parent_id: theirs.id, type: 'locked' })
    const deeper = await folder(t, 'Deeper', { parent_id: deep.id, type: 'public' })
    await grant(t, deep.id, owner.id, 'editor')
    await grant(t, deeper.id, owner.id, 'viewer')
    const ids = async (view: string, p = owner) =>
      (await call(p, 'GET', `/api/folders?view=${view}`)).folders.map((f: { id: string }) => f.id)
    expect(await ids('public')).toContain(pub.id)
    expect(await ids('mine')).toContain(mine.id)
    expect(await ids('mine')).not.toContain(theirs.id)
    expect(await ids('shared')).toEqual([deep.id])
    expect(await status(owner, 'GET', '/api/folders?view=all')).toBe(403)
    expect(await ids('all', admin)).toEqual(expect.arrayContaining([pub.id, mine.id, theirs.id]))
    // The path shows only what the caller can open.
    const crumbs = (await call(owner, 'GET', `/api/folders/${deeper.id}`)).breadcrumbs
    expect(crumbs.map((c: { folder_name: string }) => c.folder_name)).toEqual(['Deep'])
  })

  it('sorts folders first, then files by name, size or modification', async () => {
    const top = await folder(t, 'Sorting')
    await grant(t, top.id, owner.id, 'administrator')
    await folder(t, 'zeta', { parent_id: top.id, type: 'public' })
    await file(t, top.id, 'b.txt', 'bb', { updatedAt: '2026-01-02T00:00:00.000Z' })
    await file(t, top.id, 'a.txt', 'aaaa', { updatedAt: '2026-01-03T00:00:00.000Z' })
    await file(t, top.id, 'c.txt', 'c', { updatedAt: '2026-01-01T00:00:00.000Z' })
    const names = async (q: string) => {
      const res = await call(owner, 'GET', `/api/folders/${top.id}/children?${q}`)
      return [
        ...res.folders.map((f: { folder_name: string }) => f.folder_name),
        ...res.files.map((f: { filename: string }) => f.filename),
      ]
    }
    expect(await names('sort=name')).toEqual(['zeta', 'a.txt', 'b.txt', 'c.txt'])
    expect(await names('sort=size&order=desc')).toEqual(['zeta', 'a.txt', 'b.txt', 'c.txt'])
    expect(await names('sort=size')).toEqual(['zeta', 'c.txt', 'b.txt', 'a.txt'])
    expect(await names('sort=updatedAt')).toEqual(['zeta', 'c.txt', 'b.txt', 'a.txt'])
  })
})
