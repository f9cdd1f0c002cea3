import { CompiledQuery, sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadFolderAccess } from '../../src/server/features/files/access/folder-access.repository'
import { newId } from '../../src/server/lib/ids'
import { canSeeTrashEntry } from '../../src/server/policies/files.policy'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { entryFor, file, fileRow, folder, status } from './helpers'

// The trash as a staff table: scoped in SQL exactly as the policy decides (whatever the age of the
// entries and however many other entries the site has), paged, sorted and searched on the server,
// "Empty my trash" for everyone, and the CSV for super users.

let t: TestApp
let owner: Person
let editor: Person
let viewer: Person
let stranger: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  editor = await signedIn(t, { name: 'Eddie Tester' })
  viewer = await signedIn(t, { name: 'Vera Tester' })
  stranger = await signedIn(t, { name: 'Sam Tester' })
  admin = await signedIn(t, { name: 'Ada Tester', role: 'admin' })
})

/** A trash entry row as trashing writes it (the item itself is not needed to list it). */
async function entry(
  folderId: string | null,
  by: string,
  deletedAt: Date,
  overrides: { item_type?: 'file' | 'folder'; item_id?: string; filename?: string } = {},
) {
  const row = {
    id: newId(),
    item_type: overrides.item_type ?? ('file' as const),
    item_id: overrides.item_id ?? newId(),
    filename: overrides.filename ?? `entry-${Math.random().toString(36).slice(2)}.txt`,
    folder_id: folderId,
    folder_name: folderId ? 'Somewhere' : null,
    deleted_singly: true,
    deletedAt: deletedAt.toISOString(),
    trashedBy: by,
  }
  await t.database.db.insertInto('trash_items').values(row).execute()
  return row
}

/** Every entry id the person sees, page by page (100 at a time). */
async function allSeen(p: Person, extra = ''): Promise<string[]> {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const res = await call(p, 'GET', `/api/trash?pageSize=100&page=${page}${extra}`)
    ids.push(...res.items.map((e: { id: string }) => e.id))
    if (page >= res.totalPages) return ids
  }
}

describe('the scope', () => {
  it('is what the policy decides, for old entries among many newer ones of others', async () => {
    // Top (owner admin, editor editor, viewer viewer) ⊃ Pub (public) ⊃ Lock (locked, nobody) and
    // Pub ⊃ Sub (public, viewer grant for the editor: the nearest grant wins); Own (locked, top-level,
    // editor is administrator); Other (top-level public, no grants).
    const top = await folder(t, `Top ${Math.random()}`, { type: 'locked' })
    const pub = await folder(t, 'Pub', { parent_id: top.id, type: 'public' })
    const lock = await folder(t, 'Lock', { parent_id: pub.id, type: 'locked' })
    const sub = await folder(t, 'Sub', { parent_id: pub.id, type: 'public' })
    const own = await folder(t, `Own ${Math.random()}`, { type: 'locked' })
    const other = await folder(t, `Other ${Math.random()}`, { type: 'public' })
    await grant(t, top.id, owner.id, 'administrator')
    await grant(t, top.id, editor.id, 'editor')
    await grant(t, top.id, viewer.id, 'viewer')
    await grant(t, sub.id, editor.id, 'viewer')
    await grant(t, own.id, editor.id, 'administrator')

    const old = new Date(Date.now() - 20 * 24 * 3600 * 1000)
    const people = [owner, editor, viewer, stranger]
    for (const place of [top, pub, lock, sub, own, other]) {
      for (const by of people) await entry(place.id, by.id, old)
    }
    // Top-level folders trashed themselves: their origin is the folder.
    await entry(null, editor.id, old, { item_type: 'folder', item_id: own.id })
    await entry(null, owner.id, old, { item_type: 'folder', item_id: top.id })
    // More than a thousand newer entries of the site that none of them may see.
    const elsewhere = await folder(t, `Elsewhere ${Math.random()}`, { type: 'locked' })
    const rows = Array.from({ length: 1100 }, (_, i) => ({
      id: newId(),
      item_type: 'file' as const,
      item_id: newId(),
      filename: `noise-${i}.txt`,
      folder_id: elsewhere.id,
      folder_name: 'Elsewhere',
      deleted_singly: true,
      deletedAt: new Date().toISOString(),
      trashedBy: admin.id,
    }))
    for (let i = 0; i < rows.length; i += 200)
      await t.database.db
        .insertInto('trash_items')
        .values(rows.slice(i, i + 200))
        .execute()

    const all = await t.database.db
      .selectFrom('trash_items')
      .selectAll()
      .where('deleted_singly', '=', true)
      .execute()
    for (const p of people) {
      const caller = {
        kind: 'user',
        id: p.id,
        role: p.role,
        staffFunctions: [],
        isRestricted: false,
      } as const
      const expected: string[] = []
      const accesses = new Map<string, Awaited<ReturnType<typeof loadFolderAccess>>>()
      for (const e of all) {
        const origin = e.folder_id ?? (e.item_type === 'folder' ? e.item_id : null)
        if (origin && !accesses.has(origin))
          accesses.set(origin, await loadFolderAccess(t.database.db, caller as never, origin))
        const access = origin ? (accesses.get(origin) ?? null) : null
        if (canSeeTrashEntry(caller as never, { trashedBy: e.trashedBy, originAccess: access }))
          expected.push(e.id)
      }
      const seen = await allSeen(p)
      expect(seen.sort(), p.name).toEqual(expected.sort())
    }
    // Sanity: the rule lets each of them see something different, and the old entries are reachable.
    expect((await allSeen(owner)).length).toBeGreaterThan((await allSeen(editor)).length)
    expect(await allSeen(viewer)).toEqual([])
    expect((await allSeen(admin)).length).toBe(all.length)
  })
})

describe('the table', () => {
  it('pages, sorts and searches on the server, and says when each entry goes for good', async () => {
    const place = await folder(t, `Paged ${Math.random()}`, { type: 'locked' })
    await grant(t, place.id, owner.id, 'administrator')
    const base = Date.now() - 3 * 24 * 3600 * 1000
    for (let i = 0; i < 30; i++)
      await entry(place.id, owner.id, new Date(base + i * 1000), {
        filename: `paged-${String(i).padStart(2, '0')}.txt`,
      })
    const first = await call(owner, 'GET', '/api/trash?q=paged-&sort=name&order=asc&pageSize=10')
    expect(first.total).toBe(30)
    expect(first.totalPages).toBe(3)
    expect(first.items.map((e: { filename: string }) => e.filename).slice(0, 2)).toEqual([
      'paged-00.txt',
      'paged-01.txt',
    ])
    const third = await call(owner, 'GET', '/api/trash?q=paged-&sort=name&order=asc&pageSize=10&page=3')
    expect(third.items.at(-1)!.filename).toBe('paged-29.txt')
    // Newest first by default.
    const newest = await call(owner, 'GET', '/api/trash?q=paged-&pageSize=1')
    expect(newest.items[0]!.filename).toBe('paged-29.txt')
    const days = Number(t.deps.env.trashRetentionDays)
    const item = newest.items[0]!
    expect(new Date(item.purgesAt).getTime() - new Date(item.deletedAt).getTime()).toBe(
      days * 24 * 3600 * 1000,
    )
    expect(item.trashedByName).toBe('Olga Tester')
    expect(item.abilities).toEqual({ restore: true, deletePermanently: true })
    // `%` is literal, bad input is a 4xx.
    expect((await call(owner, 'GET', '/api/trash?q=paged%25')).total).toBe(0)
    expect(await status(owner, 'GET', '/api/trash?sort=size')).toBe(422)
    expect(await status(owner, 'GET', '/api/trash?pageSize=1000')).toBe(422)
  })
})

describe('empty my trash', () => {
  it('deletes for good what the caller trashed and may delete, and nothing of anyone else', async () => {
    const place = await folder(t, `Mine ${Math.random()}`, { type: 'locked' })
    const editor = await signedIn(t, { name: 'Emil Tester' })
    await grant(t, place.id, owner.id, 'administrator')
    await grant(t, place.id, editor.id, 'editor')
    const byOwner = await file(t, place.id, 'owner-gone.txt')
    const byEditor = await file(t, place.id, 'editor-kept.txt')
    await call(owner, 'DELETE', `/api/files/${byOwner.id}`)
    await call(editor, 'DELETE', `/api/files/${byEditor.id}`)

    // The editor may not delete for good (product.md §2): their entry stays, counted.
    const editorRes = await call(editor, 'DELETE', '/api/trash/mine')
    expect(editorRes.deleted).toBe(0)
    expect(editorRes.kept).toBeGreaterThanOrEqual(1)
    expect(await entryFor(t, byEditor.id)).toBeDefined()

    const ownerRes = await call(owner, 'DELETE', '/api/trash/mine')
    expect(ownerRes.deleted).toBeGreaterThanOrEqual(1)
    expect(await fileRow(t, byOwner.id)).toBeUndefined()
    expect(await entryFor(t, byOwner.id)).toBeUndefined()
    expect(await entryFor(t, byEditor.id)).toBeDefined()
    expect((await allSeen(owner, '&mine=true')).length).toBe(0)
    expect(
      await t.database.db
        .selectFrom('blob_deletions')
        .select('key')
        .where('key', '=', byOwner.path)
        .execute(),
    ).toHaveLength(1)
  })
})

describe('CSV', () => {
  it('streams every matching entry for super users only, and is audited', async () => {
    const place = await folder(t, `Csv ${Math.random()}`, { type: 'locked' })
    await grant(t, place.id, owner.id, 'administrator')
    for (let i = 0; i < 3; i++) await entry(place.id, owner.id, new Date(), { filename: `=csv-row-${i}.txt` })
    expect(await status(owner, 'GET', '/api/trash/export.csv?q=csv-row')).toBe(403)
    const res = await admin.client.json('/api/trash/export.csv?q=csv-row&sort=name&order=asc', 'GET')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const text = await res.text()
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('id,type,name,folder,deletedAt,trashedById,trashedBy,purgesAt,itemId,folderId')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain("'=csv-row-0.txt")
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'export')
      .where('actorId', '=', admin.id)
      .execute()
    expect(audit.map((a) => a.details).join()).toContain('trash_items')
  })
})

describe('the plan', () => {
  it('reads a super user’s default page off the entries index, without sorting the trash', async () => {
    const { visibleEntries, TRASH_LIST_COLUMNS } = await import(
      '../../src/server/features/files/trash/trash-entries.repository'
    )
    const { applySort } = await import('../../src/server/lib/list-query/apply-list-query')
    const db = t.database.db
    const page = applySort(
      visibleEntries(db, { kind: 'all', userId: admin.id }, {}),
      { sort: 'deletedAt', order: 'desc' },
      TRASH_LIST_COLUMNS,
    )
      .limit(25)
      .compile()
    const explain = (prefix: string, on: typeof db = db) =>
      on.executeQuery(CompiledQuery.raw(`${prefix} ${page.sql}`, [...page.parameters]))
    if (t.database.dialect === 'sqlite') {
      const plan = await explain('explain query plan')
      const details = (plan.rows as { detail: string }[]).map((p) => p.detail).join('\n')
      expect(details).toContain('trash_items_entries_idx')
      expect(details).not.toContain('TEMP B-TREE')
    } else {
      await db.transaction().execute(async (trx) => {
        // A test database is small enough that a scan would win; ask whether the index can serve it.
        await sql`set local enable_seqscan = off`.execute(trx)
        const plan = await explain('explain', trx as unknown as typeof db)
        const text = (plan.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n')
        expect(text).toContain('trash_items_entries_idx')
        expect(text).not.toMatch(/\bSort\b/)
      })
    }
  })
})
