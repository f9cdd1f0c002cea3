import { beforeAll, describe, expect, it } from 'vitest'
import { FOLDER_TREE_LIMITS } from '../../src/shared/contract/files'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { file, folder, status } from './helpers'

// An uploaded folder's tree made in one request (decision 0142): every folder of the tree in one
// transaction, parents first, existing folders reused, the same rights and names as one folder at a
// time, and limits on how many and how deep.

let t: TestApp
let owner: Person
let viewer: Person
let outsider: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tree' })
  viewer = await signedIn(t, { name: 'Vera Tree' })
  outsider = await signedIn(t, { name: 'Otto Tree' })
})

async function space() {
  const top = await folder(t, `Space ${Math.random()}`)
  await grant(t, top.id, owner.id, 'administrator')
  await grant(t, top.id, viewer.id, 'viewer')
  return top
}

async function childNames(parentId: string) {
  const rows = await t.database.db
    .selectFrom('folders')
    .select('folder_name')
    .where('parent_id', '=', parentId)
    .orderBy('folder_name')
    .execute()
  return rows.map((r) => r.folder_name)
}

const tree = (id: string) => `/api/folders/${id}/tree` as const

describe('POST /api/folders/:id/tree', () => {
  it('makes the whole tree, parents first, and answers each path’s id', async () => {
    const top = await space()
    const res = await call(owner, 'POST', tree(top.id), {
      paths: [['Reports', '2026', 'drafts'], ['Reports', '2025'], ['Empty']],
    })
    expect(res.folders.map((f) => f.path.join('/'))).toEqual([
      'Reports',
      'Empty',
      'Reports/2026',
      'Reports/2025',
      'Reports/2026/drafts',
    ])
    expect(res.folders.every((f) => f.created)).toBe(true)
    const byPath = new Map(res.folders.map((f) => [f.path.join('/'), f.id]))
    expect(await childNames(top.id)).toEqual(['Empty', 'Reports'])
    expect(await childNames(byPath.get('Reports')!)).toEqual(['2025', '2026'])
    expect(await childNames(byPath.get('Reports/2026')!)).toEqual(['drafts'])
    const drafts = await t.database.db
      .selectFrom('folders')
      .selectAll()
      .where('id', '=', byPath.get('Reports/2026/drafts')!)
      .executeTakeFirstOrThrow()
    expect(drafts).toMatchObject({
      parent_id: byPath.get('Reports/2026'),
      type: 'public',
      createdBy: owner.id,
    })
  })

  it('is idempotent: sending the tree again reuses every folder (names compared case-folded)', async () => {
    const top = await space()
    const first = await call(owner, 'POST', tree(top.id), { paths: [['Photos', 'Summer']] })
    const again = await call(owner, 'POST', tree(top.id), {
      paths: [
        ['photos', 'summer'],
        ['Photos', 'Winter'],
      ],
    })
    const ids = new Map(first.folders.map((f) => [f.path.join('/').toLowerCase(), f.id]))
    expect(again.folders).toEqual([
      { path: ['photos'], id: ids.get('photos'), folder_name: 'Photos', created: false },
      { path: ['photos', 'summer'], id: ids.get('photos/summer'), folder_name: 'Summer', created: false },
      { path: ['Photos', 'Winter'], id: expect.any(String), folder_name: 'Winter', created: true },
    ])
    expect(await childNames(top.id)).toEqual(['Photos'])
  })

  it('takes a free name when a file, or a folder the caller cannot write into, holds it', async () => {
    const top = await space()
    await file(t, top.id, 'Notes')
    const locked = await folder(t, 'Private', { parent_id: top.id, type: 'locked' })
    const res = await call(owner, 'POST', tree(top.id), {
      paths: [
        ['Notes', 'a'],
        ['Private', 'b'],
      ],
    })
    expect(res.folders.filter((f) => f.path.length === 1).map((f) => f.folder_name)).toEqual([
      'Notes (1)',
      'Private (1)',
    ])
    expect(await childNames(locked.id)).toEqual([])
  })

  it('checks rights as one new folder does: editors and up; viewers 403; outsiders 404; anonymous 401', async () => {
    const top = await space()
    const body = { paths: [['x']] }
    expect(await status(viewer, 'POST', tree(top.id), body)).toBe(403)
    expect(await status(outsider, 'POST', tree(top.id), body)).toBe(404)
    await call(t, 'POST', tree(top.id), body, 401)
    expect(await childNames(top.id)).toEqual([])
  })

  it('refuses bad names, too deep and too many with 422, and makes nothing', async () => {
    const top = await space()
    const bad = await call(owner.client, 'POST', tree(top.id), { paths: [['ok'], ['fine', 'a/b']] }, 422)
    expect(Object.keys(bad.errors!)).toEqual(['paths.1.1'])
    const deep = Array.from({ length: FOLDER_TREE_LIMITS.maxDepth + 1 }, (_, i) => `d${i}`)
    expect(await status(owner, 'POST', tree(top.id), { paths: [deep] })).toBe(422)
    const many = Array.from({ length: FOLDER_TREE_LIMITS.maxFolders + 1 }, (_, i) => [`f${i}`])
    expect(await status(owner, 'POST', tree(top.id), { paths: many })).toBe(422)
    // Under the limit as sent, over it once each path's parents are counted.
    const nested = Array.from({ length: FOLDER_TREE_LIMITS.maxFolders / 2 + 1 }, (_, i) => [`p${i}`, 'c'])
    const counted = await call(owner.client, 'POST', tree(top.id), { paths: nested }, 422)
    expect(counted.errors!.paths![0]).toMatch(/At most/)
    expect(await status(owner, 'POST', tree(top.id), { paths: [] })).toBe(422)
    expect(await childNames(top.id)).toEqual([])
  })

  it('tells the folder’s people once per topmost folder made', async () => {
    const top = await space()
    await call(owner, 'POST', tree(top.id), {
      paths: [
        ['Album', 'One'],
        ['Album', 'Two'],
      ],
    })
    const rows = await t.database.db
      .selectFrom('notifications')
      .select(['action', 'mainItem', 'subItem'])
      .where('type', '=', 'folder')
      .where('mainItem', 'in', ['Album', 'One', 'Two'])
      .execute()
    expect(rows).toEqual([{ action: 'created', mainItem: 'Album', subItem: top.folder_name }])
  })
})
