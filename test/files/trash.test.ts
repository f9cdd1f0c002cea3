import { beforeAll, describe, expect, it } from 'vitest'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { entryFor, file, fileRow, folder, folderRow, status } from './helpers'

// The trash as product.md §2 specifies it: deleted_singly, groups that go and come back together,
// earlier separate deletions that stay, 409 with choices under a trashed parent, My folders when the
// parent is gone, restores that never overwrite, who sees which entry, and deleting for good.

let t: TestApp
let owner: Person
let editor: Person
let other: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  editor = await signedIn(t, { name: 'Eddie Tester' })
  other = await signedIn(t, { name: 'Otto Tester' })
  admin = await signedIn(t, { name: 'Ada Tester', role: 'admin' })
})

async function tree() {
  const top = await folder(t, `Top ${Math.random()}`)
  await grant(t, top.id, owner.id, 'administrator')
  const a = await folder(t, 'A', { parent_id: top.id, type: 'public' })
  return { top, a }
}

async function trashEntryId(itemId: string) {
  const entry = await entryFor(t, itemId)
  if (!entry) throw new Error('no trash entry')
  return entry.id
}

describe('trashing', () => {
  it('marks a folder and its untrashed descendants, with one singly entry and one notification', async () => {
    const { a } = await tree()
    const b = await folder(t, 'B', { parent_id: a.id, type: 'public' })
    const f1 = await file(t, a.id, 'one.txt')
    const f2 = await file(t, b.id, 'two.txt')
    const res = await call(owner, 'DELETE', `/api/folders/${a.id}`)
    expect(res.items).toBe(4)
    for (const id of [a.id, b.id]) expect((await folderRow(t, id))?.isTrashed).toBe(true)
    for (const id of [f1.id, f2.id]) expect((await fileRow(t, id))?.isTrashed).toBe(true)
    expect((await entryFor(t, a.id))?.deleted_singly).toBe(true)
    expect((await entryFor(t, b.id))?.deleted_singly).toBe(false)
    expect(await entryFor(t, f2.id)).toMatchObject({
      deleted_singly: false,
      folder_id: b.id,
      folder_name: 'B',
      trashedBy: owner.id,
    })
    const notes = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('action', '=', 'trashed')
      .where('mainItem', '=', 'A')
      .execute()
    expect(notes).toHaveLength(1)
    // One entry: the folder, and the three items it held.
    expect(notes[0]).toMatchObject({ type: 'folder', itemCount: 1, contentCount: 3, user_id: owner.id })
  })

  it('lists only explicitly trashed entries, and a folder entry opens to what went with it', async () => {
    const { a } = await tree()
    const inner = await file(t, a.id, 'inner.txt')
    await call(owner, 'DELETE', `/api/folders/${a.id}`)
    const list = await call(owner, 'GET', '/api/trash')
    const ids = list.items.map((e: { item_id: string }) => e.item_id)
    expect(ids).toContain(a.id)
    expect(ids).not.toContain(inner.id)
    const entry = list.items.find((e: { item_id: string }) => e.item_id === a.id)
    expect(entry).toBeDefined()
    expect(entry!.abilities).toEqual({ restore: true, deletePermanently: true })
    const contents = await call(owner, 'GET', `/api/trash/${entry!.id}`)
    expect(contents.files.map((f: { filename: string }) => f.filename)).toEqual(['inner.txt'])
  })
})

describe('restoring', () => {
  it('trash f in A, trash A, restore A → f stays trashed; restoring f then puts it back in A', async () => {
    const { a } = await tree()
    const f = await file(t, a.id, 'f.txt')
    const g = await file(t, a.id, 'g.txt')
    await call(owner, 'DELETE', `/api/files/${f.id}`)
    await call(owner, 'DELETE', `/api/folders/${a.id}`)
    expect((await entryFor(t, f.id))?.deleted_singly).toBe(true)

    const restoredA = await call(owner, 'POST', `/api/trash/${await trashEntryId(a.id)}/restore`, {})
    expect(restoredA.restoredTo.reason).toBe('original')
    expect((await folderRow(t, a.id))?.isTrashed).toBe(false)
    expect((await fileRow(t, g.id))?.isTrashed).toBe(false)
    expect((await fileRow(t, f.id))?.isTrashed).toBe(true)
    expect(await entryFor(t, g.id)).toBeUndefined()

    const restoredF = await call(owner, 'POST', `/api/trash/${await trashEntryId(f.id)}/restore`, {})
    expect(restoredF.restoredTo).toMatchObject({ folderId: a.id, reason: 'original' })
    expect(await fileRow(t, f.id)).toMatchObject({ isTrashed: false, folder_id: a.id, filename: 'f.txt' })
  })

  it('answers 409 with the choices when the parent is in the trash, and follows either choice', async () => {
    const { top, a } = await tree()
    const f = await file(t, a.id, 'report.pdf')
    await call(owner, 'DELETE', `/api/files/${f.id}`)
    await call(owner, 'DELETE', `/api/folders/${a.id}`)
    const entryId = await trashEntryId(f.id)
    const problem = await call(owner.client, 'POST', `/api/trash/${entryId}/restore`, {}, 409)
    expect(problem.code).toBe('parent_trashed')
    expect(Object.keys(problem.errors!).sort()).toEqual(['restoreParent', 'targetFolderId'])

    // Into a chosen folder.
    const chosen = await call(owner, 'POST', `/api/trash/${entryId}/restore`, { targetFolderId: top.id })
    expect(chosen.restoredTo).toMatchObject({ folderId: top.id, reason: 'chosen' })
    expect((await fileRow(t, f.id))?.folder_id).toBe(top.id)
    expect((await folderRow(t, a.id))?.isTrashed).toBe(true)

    // Restore the parent too.
    const f2 = await file(t, top.id, 'second.txt')
    await call(owner, 'POST', `/api/files/${f2.id}/move`, { targetFolderId: top.id })
    const b = await folder(t, 'B', { parent_id: top.id, type: 'public' })
    const inB = await file(t, b.id, 'in-b.txt')
    await call(owner, 'DELETE', `/api/files/${inB.id}`)
    await call(owner, 'DELETE', `/api/folders/${b.id}`)
    const both = await call(owner, 'POST', `/api/trash/${await trashEntryId(inB.id)}/restore`, {
      restoreParent: true,
    })
    expect(both.restoredTo).toMatchObject({ folderId: b.id, reason: 'parent_restored' })
    expect((await folderRow(t, b.id))?.isTrashed).toBe(false)
    expect((await fileRow(t, inB.id))?.isTrashed).toBe(false)
  })

  it('after the parent was deleted for good: a folder goes to My folders, a file to “Restored files”, and the path is reported', async () => {
    const { a } = await tree()
    const sub = await folder(t, 'Keep me', { parent_id: a.id, type: 'public' })
    const subFile = await file(t, sub.id, 'kept.txt')
    const lone = await file(t, a.id, 'lone.txt')
    await call(owner, 'DELETE', `/api/folders/${sub.id}`)
    await call(owner, 'DELETE', `/api/files/${lone.id}`)
    await call(owner, 'DELETE', `/api/folders/${a.id}`)
    await call(owner, 'DELETE', `/api/trash/${await trashEntryId(a.id)}`)
    expect(await entryFor(t, a.id)).toBeUndefined()

    const restoredSub = await call(owner, 'POST', `/api/trash/${await trashEntryId(sub.id)}/restore`, {})
    expect(restoredSub.restoredTo).toEqual({ folderId: null, path: [], reason: 'my_folders' })
    expect(await folderRow(t, sub.id)).toMatchObject({ parent_id: null, isTrashed: false, type: 'locked' })
    expect((await fileRow(t, subFile.id))?.isTrashed).toBe(false)
    const mine = await call(owner, 'GET', '/api/folders?view=mine')
    expect(mine.folders.map((f: { id: string }) => f.id)).toContain(sub.id)

    const restoredLone = await call(owner, 'POST', `/api/trash/${await trashEntryId(lone.id)}/restore`, {})
    expect(restoredLone.restoredTo).toMatchObject({ path: ['Restored files'], reason: 'my_folders' })
    expect((await fileRow(t, lone.id))?.folder_id).toBe(restoredLone.restoredTo.folderId)
    // The notification says where it went.
    const note = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('action', '=', 'restored')
      .where('mainItem', '=', 'lone.txt')
      .executeTakeFirstOrThrow()
    expect(note.subItem).toBe('Restored files')
    // Nothing of A is left once what it held has gone elsewhere.
    expect(await folderRow(t, a.id)).toBeUndefined()
  })

  it('never overwrites: a restored file takes a free name', async () => {
    const { a } = await tree()
    const first = await file(t, a.id, 'report.pdf')
    await call(owner, 'DELETE', `/api/files/${first.id}`)
    await file(t, a.id, 'REPORT.pdf')
    const res = await call(owner, 'POST', `/api/trash/${await trashEntryId(first.id)}/restore`, {})
    expect(res.name).toBe('report (1).pdf')
    expect((await fileRow(t, first.id))?.filename).toBe('report (1).pdf')
  })

  it('restores an entry once when two restores of it come at once: the other finds no entry', async () => {
    const { a } = await tree()
    const lone = await file(t, a.id, 'twice.txt')
    const folderEntry = await folder(t, 'Twice', { parent_id: a.id, type: 'public' })
    await file(t, folderEntry.id, 'inside.txt')
    await call(owner, 'DELETE', `/api/files/${lone.id}`)
    await call(owner, 'DELETE', `/api/folders/${folderEntry.id}`)
    for (const itemId of [lone.id, folderEntry.id]) {
      const entryId = await trashEntryId(itemId)
      const answers = await Promise.all(
        [0, 1].map(() => status(owner, 'POST', `/api/trash/${entryId}/restore`, {})),
      )
      expect(answers.sort()).toEqual([200, 404])
      expect(await entryFor(t, itemId)).toBeUndefined()
    }
    // Back once, under their own names: no second copy of either took a free name beside it.
    expect(await fileRow(t, lone.id)).toMatchObject({ filename: 'twice.txt', isTrashed: false })
    expect(await folderRow(t, folderEntry.id)).toMatchObject({ folder_name: 'Twice', isTrashed: false })
    const restored = await t.database.db
      .selectFrom('notifications')
      .select('mainItem')
      .where('action', '=', 'restored')
      .where('mainItem', 'in', ['twice.txt', 'Twice'])
      .execute()
    expect(restored.map((n) => n.mainItem).sort()).toEqual(['Twice', 'twice.txt'])
  })

  it('deletes an entry for good once when two deletions of it come at once: the other finds no entry', async () => {
    const { a } = await tree()
    const lone = await file(t, a.id, 'gone-twice.txt')
    const folderEntry = await folder(t, 'Gone twice', { parent_id: a.id, type: 'public' })
    await file(t, folderEntry.id, 'inside.txt')
    await call(owner, 'DELETE', `/api/files/${lone.id}`)
    await call(owner, 'DELETE', `/api/folders/${folderEntry.id}`)
    for (const itemId of [lone.id, folderEntry.id]) {
      const entryId = await trashEntryId(itemId)
      const answers = await Promise.all([0, 1].map(() => status(owner, 'DELETE', `/api/trash/${entryId}`)))
      expect(answers.sort()).toEqual([200, 404])
      expect(await entryFor(t, itemId)).toBeUndefined()
    }
    // One notification of each deletion, not one per request.
    const deleted = await t.database.db
      .selectFrom('notifications')
      .select('mainItem')
      .where('action', '=', 'deleted')
      .where('mainItem', 'in', ['gone-twice.txt', 'Gone twice'])
      .execute()
    expect(deleted.map((n) => n.mainItem).sort()).toEqual(['Gone twice', 'gone-twice.txt'])
  })

  it('lists each entry with the items and bytes of its own group, not of earlier separate deletions', async () => {
    const { a } = await tree()
    const b = await folder(t, 'B', { parent_id: a.id, type: 'public' })
    await file(t, a.id, 'one.txt', '12345')
    await file(t, b.id, 'two.txt', '123')
    const alone = await file(t, b.id, 'alone.txt', '1234567')
    await call(owner, 'DELETE', `/api/files/${alone.id}`)
    await call(owner, 'DELETE', `/api/folders/${a.id}`)
    const list = await call(owner, 'GET', '/api/trash?pageSize=100')
    const byItem = new Map(list.items.map((e: { item_id: string }) => [e.item_id, e]))
    expect(byItem.get(a.id)).toMatchObject({ items: 4, size: 8 }) // A, B, one.txt, two.txt
    expect(byItem.get(alone.id)).toMatchObject({ items: 1, size: 7 })
  })

  it('works for a zero-byte file', async () => {
    const { a } = await tree()
    const empty = await file(t, a.id, 'empty.bin', '')
    expect(empty.size).toBe(0)
    await call(owner, 'DELETE', `/api/files/${empty.id}`)
    await call(owner, 'POST', `/api/trash/${await trashEntryId(empty.id)}/restore`, {})
    expect(await fileRow(t, empty.id)).toMatchObject({ isTrashed: false, size: 0 })
  })
})

describe('who sees and restores which entry', () => {
  it('administrators of the folder see all, editors their own deletions, others nothing; guessed ids reveal nothing', async () => {
    const { top, a } = await tree()
    await grant(t, top.id, editor.id, 'editor')
    const byOwner = await file(t, a.id, 'by-owner.txt')
    const byEditor = await file(t, a.id, 'by-editor.txt')
    await call(owner, 'DELETE', `/api/files/${byOwner.id}`)
    await call(editor, 'DELETE', `/api/files/${byEditor.id}`)
    const ownerEntry = await trashEntryId(byOwner.id)
    const editorEntry = await trashEntryId(byEditor.id)

    const seen = async (p: Person) =>
      (await call(p, 'GET', '/api/trash')).items.map((e: { id: string }) => e.id)
    expect(await seen(owner)).toEqual(expect.arrayContaining([ownerEntry, editorEntry]))
    const editorSees = await seen(editor)
    expect(editorSees).toContain(editorEntry)
    expect(editorSees).not.toContain(ownerEntry)
    expect(await seen(other)).not.toContain(editorEntry)
    expect(await seen(admin)).toEqual(expect.arrayContaining([ownerEntry, editorEntry]))

    expect(await status(other, 'GET', `/api/trash/${editorEntry}`)).toBe(404)
    expect(await status(other, 'POST', `/api/trash/${editorEntry}/restore`, {})).toBe(404)
    expect(await status(editor, 'POST', `/api/trash/${ownerEntry}/restore`, {})).toBe(404)
    // An editor restores their own deletion but cannot delete it for good.
    expect(await status(editor, 'DELETE', `/api/trash/${editorEntry}`)).toBe(403)
    await call(editor, 'POST', `/api/trash/${editorEntry}/restore`, {})
  })
})

describe('deleting for good', () => {
  it('removes the rows and queues the blobs; the job deletes them, and a missing blob is no error', async () => {
    const { a } = await tree()
    const f = await file(t, a.id, 'gone.txt')
    await call(owner, 'DELETE', `/api/files/${f.id}`)
    await call(owner, 'DELETE', `/api/trash/${await trashEntryId(f.id)}`)
    expect(await fileRow(t, f.id)).toBeUndefined()
    const queued = await t.database.db
      .selectFrom('blob_deletions')
      .selectAll()
      .where('key', '=', f.path)
      .execute()
    expect(queued).toHaveLength(1)
    // Already gone from storage: still succeeds.
    await t.deps.storage.delete(f.path)
    const { drainBlobDeletions } = await import('../../src/server/lib/storage/blob-deletions')
    const drained = await drainBlobDeletions(t.database.db, t.deps.storage, t.deps.clock())
    expect(drained.failed).toBe(0)
    expect(
      await t.database.db.selectFrom('blob_deletions').selectAll().where('key', '=', f.path).execute(),
    ).toHaveLength(0)
  })

  it('empties the whole trash only for super users', async () => {
    expect(await status(owner, 'DELETE', '/api/trash')).toBe(403)
    const manager = await signedIn(t, { name: 'Mona Tester', role: 'staff', functions: ['ManageFolders'] })
    const res = await call(manager, 'DELETE', '/api/trash')
    expect(res.deleted).toBeGreaterThanOrEqual(0)
    const left = await t.database.db.selectFrom('trash_items').select('id').execute()
    expect(left).toHaveLength(0)
  })
})
