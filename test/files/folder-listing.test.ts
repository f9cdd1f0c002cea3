import { beforeAll, describe, expect, it } from 'vitest'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { file, folder, status } from './helpers'

// A folder's listing is read a page at a time by keyset (decision 0093): every order walks the whole
// folder, folders first, without repeating or skipping an entry, whatever the page size; a cursor is
// tied to the order it was made for; locked subfolders the caller cannot open never appear; and the
// number of SQL statements of a listing, or of the access check before a change, does not grow with
// the folder's depth.

let t: TestApp
/** The SQL of every statement the app runs while `counting` is on. */
let statements: string[] = []
let counting = false
let owner: Person
let viewer: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (sql) => {
      if (counting) statements.push(sql)
    },
  })
  owner = await signedIn(t, { name: 'Olga Lister' })
  viewer = await signedIn(t, { name: 'Vera Lister' })
  admin = await signedIn(t, { name: 'Ada Lister', role: 'admin' })
})

type Page = {
  folders: { folder_name: string }[]
  files: { filename: string }[]
  nextCursor: string | null
  pageSize: number
}

/** Every entry's name, page after page, and how many pages it took. */
async function walk(p: Person, folderId: string, query: string) {
  const names: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const suffix: string = cursor ? `&cursor=${cursor}` : ''
    const page: Page = await call(p, 'GET', `/api/folders/${folderId}/children?${query}${suffix}`)
    names.push(...page.folders.map((f) => f.folder_name), ...page.files.map((f) => f.filename))
    cursor = page.nextCursor
    pages++
    expect(pages).toBeLessThan(100)
  } while (cursor)
  return { names, pages }
}

describe('a folder listing in pages', () => {
  let top: { id: string }
  const folderNames = ['f-delta', 'f-alpha', 'f-charlie', 'f-bravo']
  // [name, size, modified day]: sizes and days repeat so the id tie-break decides some places.
  const fileSpecs: [string, number, number][] = [
    ['e.txt', 3, 5],
    ['a.txt', 1, 2],
    ['g.txt', 3, 1],
    ['b.txt', 2, 5],
    ['f.txt', 1, 4],
    ['c.txt', 5, 3],
    ['d.txt', 3, 5],
  ]
  beforeAll(async () => {
    top = await folder(t, 'Paged')
    await grant(t, top.id, owner.id, 'administrator')
    for (const name of folderNames) await folder(t, name, { parent_id: top.id, type: 'public' })
    await folder(t, 'f-secret', { parent_id: top.id, type: 'locked' })
    await folder(t, 'f-gone', { parent_id: top.id, type: 'public', isTrashed: true })
    for (const [name, size, day] of fileSpecs) {
      await file(t, top.id, name, 'x'.repeat(size), { updatedAt: `2026-01-0${day}T00:00:00.000Z` })
    }
    await file(t, top.id, 'trashed.txt', 'x', { isTrashed: true })
  })

  it('walks every order, folders first, the same entries for every page size', async () => {
    const folders = [...folderNames].sort()
    const files = fileSpecs.map(([name]) => name).sort()
    const bySize = [...fileSpecs].sort((a, b) => a[1] - b[1] || 0).map(([n]) => n)
    for (const pageSize of [1, 2, 3, 4, 5, 100]) {
      const asc = await walk(owner, top.id, `sort=name&order=asc&pageSize=${pageSize}`)
      expect(asc.names).toEqual([...folders, ...files])
      // At most one empty last page (when the subfolders end exactly on a page's end).
      expect(asc.pages).toBeLessThanOrEqual(Math.ceil(11 / pageSize) + 1)
      const desc = await walk(owner, top.id, `sort=name&order=desc&pageSize=${pageSize}`)
      expect(desc.names).toEqual([...folders].reverse().concat([...files].reverse()))
      const size = await walk(owner, top.id, `sort=size&pageSize=${pageSize}`)
      expect(size.names.slice(0, 4)).toEqual(folders)
      expect(size.names.slice(4).map((n) => fileSpecs.find(([f]) => f === n)![1])).toEqual(
        bySize.map((n) => fileSpecs.find(([f]) => f === n)![1]),
      )
      const sizeDesc = await walk(owner, top.id, `sort=size&order=desc&pageSize=${pageSize}`)
      expect(sizeDesc.names.slice(4)).toEqual([...size.names.slice(4)].reverse())
      const updated = await walk(owner, top.id, `sort=updatedAt&pageSize=${pageSize}`)
      expect(new Set(updated.names)).toEqual(new Set([...folders, ...files]))
      const updatedDesc = await walk(owner, top.id, `sort=updatedAt&order=desc&pageSize=${pageSize}`)
      expect(updatedDesc.names.slice(4)).toEqual([...updated.names.slice(4)].reverse())
    }
  })

  it('orders files by size or modification with the id as the tie-break', async () => {
    const page: { files: { filename: string; size: number; updatedAt: string; id: string }[] } = await call(
      owner,
      'GET',
      `/api/folders/${top.id}/children?sort=updatedAt`,
    )
    const keys = page.files.map((f) => [f.updatedAt, f.id].join('|'))
    expect(keys).toEqual([...keys].sort())
    const bySize: { files: { size: number; id: string }[] } = await call(
      owner,
      'GET',
      `/api/folders/${top.id}/children?sort=size&order=desc`,
    )
    const sizes = bySize.files.map((f) => [String(f.size).padStart(4, '0'), f.id].join('|'))
    expect(sizes).toEqual([...sizes].sort().reverse())
  })

  it('says where the next page starts, and that the last page is the last', async () => {
    const first: Page = await call(owner, 'GET', `/api/folders/${top.id}/children?pageSize=4`)
    expect(first.folders).toHaveLength(4)
    expect(first.files).toHaveLength(0)
    expect(first.pageSize).toBe(4)
    expect(first.nextCursor).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/))
    const second: Page = await call(
      owner,
      'GET',
      `/api/folders/${top.id}/children?pageSize=4&cursor=${first.nextCursor}`,
    )
    expect(second.files.map((f) => f.filename)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt'])
    const whole: Page = await call(owner, 'GET', `/api/folders/${top.id}/children?pageSize=100`)
    expect(whole.nextCursor).toBeNull()
  })

  it('refuses a cursor made for another order, or not made by the server, with a 400', async () => {
    const first: Page = await call(owner, 'GET', `/api/folders/${top.id}/children?pageSize=2`)
    const base = `/api/folders/${top.id}/children?pageSize=2`
    expect(await status(owner, 'GET', `${base}&sort=size&cursor=${first.nextCursor}`)).toBe(400)
    expect(await status(owner, 'GET', `${base}&order=desc&cursor=${first.nextCursor}`)).toBe(400)
    const forged = Buffer.from(JSON.stringify(['name:asc', 'x', 1, 2])).toString('base64url')
    expect(await status(owner, 'GET', `${base}&cursor=${forged}`)).toBe(400)
    expect(await status(owner, 'GET', `${base}&cursor=bm90IGpzb24`)).toBe(400)
    expect(await status(owner, 'GET', `${base}&cursor=a%2Bb`)).toBe(422)
    expect(await status(owner, 'GET', `${base.replace('pageSize=2', 'pageSize=101')}`)).toBe(422)
  })

  it('lists a locked subfolder only to those who can open it, with their access on it', async () => {
    const names = async (p: Person) => (await walk(p, top.id, 'pageSize=3')).names
    expect(await names(owner)).not.toContain('f-secret')
    expect(await names(admin)).toContain('f-secret')
    await grant(t, top.id, viewer.id, 'viewer')
    expect(await names(viewer)).not.toContain('f-secret')
    const secret = await t.database.db
      .selectFrom('folders')
      .select('id')
      .where('folder_name', '=', 'f-secret')
      .executeTakeFirstOrThrow()
    await grant(t, secret.id, viewer.id, 'editor')
    const page = await call(viewer, 'GET', `/api/folders/${top.id}/children`)
    const levels = Object.fromEntries(page.folders.map((f) => [f.folder_name, f.access.level]))
    expect(levels['f-secret']).toBe('editor')
    expect(levels['f-alpha']).toBe('viewer')
  })
})

describe('the statements of a listing', () => {
  /** A chain of `depth` folders below a top-level one the owner administers; the deepest's id. */
  async function chainOf(depth: number, name: string) {
    const top = await folder(t, name)
    await grant(t, top.id, owner.id, 'administrator')
    let parent = top.id
    for (let i = 1; i <= depth; i++) {
      // A grant half-way down and a locked level make the access walk do real work.
      const type = i === 8 ? 'locked' : 'public'
      const child = await folder(t, `${name}-${i}`, { parent_id: parent, type })
      if (i === 8) await grant(t, child.id, owner.id, 'editor')
      parent = child.id
    }
    await folder(t, 'sub', { parent_id: parent, type: 'public' })
    await file(t, parent, 'one.txt')
    return parent
  }

  async function statementsOf(p: Person, path: string) {
    statements = []
    counting = true
    const page: { folders: unknown[]; files: unknown[]; breadcrumbs: unknown[] } = await call(p, 'GET', path)
    counting = false
    return { count: statements.length, page }
  }

  it('is the same small number at depth 1 and depth 16', async () => {
    const shallow = await chainOf(1, 'Shallow')
    const deep = await chainOf(16, 'Deep')
    for (const p of [owner, admin]) {
      const one = await statementsOf(p, `/api/folders/${shallow}/children`)
      const sixteen = await statementsOf(p, `/api/folders/${deep}/children`)
      expect(one.page.folders).toHaveLength(1)
      expect(sixteen.page.files).toHaveLength(1)
      expect(sixteen.page.breadcrumbs.length).toBeGreaterThan(one.page.breadcrumbs.length)
      expect(sixteen.count, statements.join('\n')).toBe(one.count)
      // The session's lookup, the path with its grants, a page of folders, a page of files.
      expect(one.count, statements.join('\n')).toBeLessThanOrEqual(6)
    }
  })

  it('reads a file’s folder, the chain above it and the grants in one statement before a change', async () => {
    const deep = await chainOf(16, 'Renamed')
    const target = await file(t, deep, 'before.txt')
    statements = []
    counting = true
    await call(owner, 'PATCH', `/api/files/${target.id}`, { filename: 'after.txt' })
    counting = false
    // Reads of the folder by its id: the row alone, or with the chain above it. (The statement that
    // records the notification reads the folder's members for its poke, which is no access check.)
    const folderReads = statements.filter(
      (sql) =>
        /from "folders" where "id" = |with recursive "up"/.test(sql) &&
        !sql.includes('insert into "notifications"'),
    )
    expect(folderReads, statements.join('\n')).toHaveLength(1)
    expect(folderReads[0]).toMatch(/with recursive "up"/)
  })
})
