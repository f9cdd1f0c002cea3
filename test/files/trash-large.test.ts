import { setImmediate } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { UUID_PATTERN } from '../../src/server/lib/ids'
import { nameKey } from '../../src/shared/names'
import { insertFiles } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { fileRow, folder, folderRow, status } from './helpers'

// A tree of a few thousand files trashed and restored (docs/decisions/0151): the files go and come
// back by the folder in SQL, so each row is checked here as product.md §2 wants it, with earlier
// separate deletions inside the tree left alone, readers meanwhile seeing the whole tree or none of it,
// and a failure halfway leaving nothing changed.

let t: TestApp
let owner: Person
let other: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  other = await signedIn(t, { name: 'Otto Tester' })
})

/** Files per folder of the tree: 4 folders × 1,000 (more than one statement's worth of ids). */
const PER_FOLDER = 1000

/** Top (owner administers) → Big → B1 → B2, and Big → C; 1,000 files in each of Big, B1, B2 and C. */
async function bigTree() {
  const top = await folder(t, `Top ${Math.random()}`)
  await grant(t, top.id, owner.id, 'administrator')
  const big = await folder(t, 'Big', { parent_id: top.id, type: 'public' })
  const b1 = await folder(t, 'B1', { parent_id: big.id, type: 'public' })
  const b2 = await folder(t, 'B2', { parent_id: b1.id, type: 'public' })
  const c = await folder(t, 'C', { parent_id: big.id, type: 'public' })
  const folders = [big, b1, b2, c]
  const files = new Map<string, string>()
  await t.database.db.transaction().execute(async (trx) => {
    for (const f of folders) {
      const rows = await insertFiles(trx, f.id, PER_FOLDER, (n) => ({
        filename: `${f.folder_name}-${n}.txt`,
        name_key: nameKey(`${f.folder_name}-${n}.txt`),
        size: n,
      }))
      for (const r of rows) files.set(r.id, f.id)
    }
  })
  return { top, big, b1, b2, c, folders, files }
}

async function entriesOf(ids: string[]) {
  const rows = []
  for (let i = 0; i < ids.length; i += 500)
    rows.push(
      ...(await t.database.db
        .selectFrom('trash_items')
        .selectAll()
        .where('item_id', 'in', ids.slice(i, i + 500))
        .execute()),
    )
  return new Map(rows.map((r) => [r.item_id, r]))
}

async function liveFilesUnder(folderIds: string[]): Promise<number> {
  const row = await t.database.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('folder_id', 'in', folderIds)
    .where('isTrashed', '=', false)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('trashing and restoring a tree of thousands of files', () => {
  it('gives every item its entry, leaves earlier deletions alone and brings back exactly the group', async () => {
    const { big, b1, b2, c, folders, files } = await bigTree()
    const fileIds = [...files.keys()]
    // Trashed on their own first: one file of B1, and folder C with its files.
    const alone = fileIds.find((id) => files.get(id) === b1.id)!
    await call(owner, 'DELETE', `/api/files/${alone}`)
    await call(owner, 'DELETE', `/api/folders/${c.id}`)
    const before = await entriesOf([alone, c.id, ...fileIds.filter((id) => files.get(id) === c.id)])

    t.clock.advance(60_000)
    const trashedAt = t.clock.now.toISOString()
    const res = await call(owner, 'DELETE', `/api/folders/${big.id}`)
    // Big, B1, B2 and the 2,999 of their files not trashed before.
    const group = fileIds.filter((id) => files.get(id) !== c.id && id !== alone)
    expect(res.items).toBe(3 + group.length)

    const entries = await entriesOf([...folders.map((f) => f.id), ...fileIds])
    expect(entries.get(big.id)).toMatchObject({ deleted_singly: true, folder_name: expect.any(String) })
    for (const [sub, parent] of [
      [b1, big],
      [b2, b1],
    ] as const)
      expect(entries.get(sub.id)).toMatchObject({
        deleted_singly: false,
        folder_id: parent.id,
        folder_name: parent.folder_name,
      })
    const names = new Map(folders.map((f) => [f.id, f.folder_name]))
    const ids = new Set<string>()
    for (const id of group) {
      const e = entries.get(id)!
      expect(e).toMatchObject({
        item_type: 'file',
        deleted_singly: false,
        folder_id: files.get(id),
        folder_name: names.get(files.get(id)!),
        trashedBy: owner.id,
      })
      expect(new Date(e.deletedAt).toISOString()).toBe(trashedAt)
      // Each a UUIDv7 of the trash's millisecond, as the application's own ids are.
      expect(e.id).toMatch(UUID_PATTERN)
      expect(e.id[14]).toBe('7')
      expect('89ab').toContain(e.id[19])
      expect(e.id.slice(0, 13).replace('-', '')).toBe(t.clock.now.getTime().toString(16).padStart(12, '0'))
      ids.add(e.id)
    }
    expect(ids.size).toBe(group.length)
    expect(await liveFilesUnder(folders.map((f) => f.id))).toBe(0)
    for (const [id, e] of before) expect(entries.get(id)).toEqual(e)

    const list = await call(owner, 'GET', '/api/trash?pageSize=100')
    const listed = new Map(list.items.map((e: { item_id: string }) => [e.item_id, e]))
    expect(listed.get(big.id)).toMatchObject({ items: 3 + group.length })
    expect([...listed.keys()].filter((id) => files.has(id as string))).toEqual([alone])

    const restored = await call(owner, 'POST', `/api/trash/${entries.get(big.id)!.id}/restore`, {})
    expect(restored.items).toBe(3 + group.length)
    for (const f of [big, b1, b2]) expect((await folderRow(t, f.id))?.isTrashed).toBe(false)
    expect(await liveFilesUnder([big.id, b1.id, b2.id])).toBe(group.length)
    const after = await entriesOf([...folders.map((f) => f.id), ...fileIds])
    // What is left in the trash is what was trashed on its own, unchanged.
    expect(new Set(after.keys())).toEqual(new Set(before.keys()))
    for (const [id, e] of before) expect(after.get(id)).toEqual(e)
    expect((await fileRow(t, alone))?.isTrashed).toBe(true)
    expect(await liveFilesUnder([c.id])).toBe(0)
    // Names and places are as they were.
    const sample = (await fileRow(t, group.at(-1)!))!
    expect(sample).toMatchObject({ folder_id: files.get(sample.id), isTrashed: false })
    expect(sample.filename).toMatch(/^B\d?-\d+\.txt$|^Big-\d+\.txt$/)
  }, 120_000)

  it('is one change to readers: the whole tree, or none of it, whenever they look', async () => {
    const { big, folders } = await bigTree()
    const ids = folders.map((f) => f.id)
    const seen = new Set<number>()
    let done = false
    // A turn of the event loop between reads: SQLite's reader answers at once, and the trash's
    // statements come back from its thread as events.
    const reading = (async () => {
      while (!done) {
        seen.add(await liveFilesUnder(ids))
        await setImmediate()
      }
    })()
    await call(owner, 'DELETE', `/api/folders/${big.id}`).finally(() => {
      done = true
    })
    await reading
    seen.add(await liveFilesUnder(ids))
    expect([...seen].filter((n) => n !== 0 && n !== 4 * PER_FOLDER)).toEqual([])
    expect(seen.has(4 * PER_FOLDER)).toBe(true)
    expect(seen.has(0)).toBe(true)
    // Another user meanwhile and after: the folder is gone for them as for its owner.
    expect(await status(other, 'GET', `/api/folders/${big.id}/children`)).not.toBe(200)
  }, 120_000)

  it('leaves nothing changed when it fails halfway', async () => {
    const { big, b2, folders, files } = await bigTree()
    // A stray entry for a live file deep in the tree: its own entry cannot be written, so the trash
    // fails after the folders and the first files were marked, inside its transaction.
    const victim = [...files.keys()].find((id) => files.get(id) === b2.id)!
    await t.database.db
      .insertInto('trash_items')
      .values({
        id: crypto.randomUUID(),
        item_type: 'file',
        item_id: victim,
        filename: 'stray',
        folder_id: b2.id,
        folder_name: 'B2',
        deleted_singly: true,
        deletedAt: t.clock.now.toISOString(),
        trashedBy: null,
      })
      .execute()
    expect(await status(owner, 'DELETE', `/api/folders/${big.id}`)).toBe(500)
    for (const f of folders) expect((await folderRow(t, f.id))?.isTrashed).toBe(false)
    expect(await liveFilesUnder(folders.map((f) => f.id))).toBe(4 * PER_FOLDER)
    const entries = await entriesOf([...folders.map((f) => f.id), ...files.keys()])
    expect([...entries.keys()]).toEqual([victim])
  }, 120_000)
})
