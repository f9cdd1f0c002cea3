import { beforeAll, describe, expect, it } from 'vitest'
import { GROUP_WINDOW_MS } from '../../src/server/features/notifications/notify'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { entryFor, file, folder } from './helpers'

// One notification per user action on folders and files (product.md §5), pointing at the folder (and
// the file), with a count for bulk actions; bulk actions on a selection record one entry, not one per item.

let t: TestApp
let owner: Person
let watcher: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  watcher = await signedIn(t, { name: 'Walt Tester' })
})

const notes = () =>
  t.database.db
    .selectFrom('notifications')
    .select([
      'type',
      'action',
      'mainItem',
      'subItem',
      'itemCount',
      'contentCount',
      'folder_id',
      'file_id',
      'user_id',
    ])
    .where('user_id', '=', owner.id)
    .orderBy('id')
    .execute()

describe('notifications of file manager actions', () => {
  it('records exactly one per action, in the same transaction as the action', async () => {
    const top = await call(owner, 'POST', '/api/folders', { folder_name: 'Reports' }, 201)
    await grant(t, top.id, watcher.id, 'viewer')
    const sub = await call(owner, 'POST', '/api/folders', { folder_name: 'Q1', parent_id: top.id }, 201)
    const other = await call(owner, 'POST', '/api/folders', { folder_name: 'Q2', parent_id: top.id }, 201)
    const f = await file(t, sub.id, 'a.txt')
    // Separate the actions beyond the grouping window, so each stays its own entry.
    const step = async (fn: () => Promise<unknown>) => {
      t.clock.advance(GROUP_WINDOW_MS + 1000)
      await fn()
    }
    await step(() => call(owner, 'PATCH', `/api/files/${f.id}`, { filename: 'b.txt' }))
    await step(() => call(owner, 'POST', `/api/files/${f.id}/move`, { targetFolderId: other.id }))
    await step(() => call(owner, 'POST', `/api/files/${f.id}/copy`, { targetFolderId: other.id }, 201))
    await step(() => call(owner, 'PATCH', `/api/folders/${sub.id}`, { folder_name: 'First quarter' }))
    await step(() => call(owner, 'DELETE', `/api/folders/${other.id}`))
    const entry = await entryFor(t, other.id)
    await step(() => call(owner, 'POST', `/api/trash/${entry!.id}/restore`, {}))
    await step(() => call(owner, 'DELETE', `/api/files/${f.id}`))
    await step(async () => call(owner, 'DELETE', `/api/trash/${(await entryFor(t, f.id))!.id}`))

    const got = (await notes()).map(
      (n) => `${n.type} ${n.action} ${n.mainItem} ×${n.itemCount} holding ${n.contentCount}`,
    )
    expect(got).toEqual([
      'folder created Reports ×1 holding 0',
      'folder created Q1 ×1 holding 0',
      'folder created Q2 ×1 holding 0',
      'file renamed b.txt ×1 holding 0',
      'file moved b.txt ×1 holding 0',
      'file copied b (1).txt ×1 holding 0',
      'folder renamed First quarter ×1 holding 0',
      'folder trashed Q2 ×1 holding 2',
      'folder restored Q2 ×1 holding 2',
      'file trashed b.txt ×1 holding 0',
      'file deleted b.txt ×1 holding 0',
    ])
    const fileNotes = (await notes()).filter((n) => n.type === 'file')
    for (const n of fileNotes) expect(n.folder_id).not.toBeNull()
    // The viewer of the folder sees them (not their own), and the bell counts them.
    const inbox = await call(watcher, 'GET', '/api/notifications?limit=100')
    expect(inbox.items.length).toBeGreaterThan(5)
  })

  it('a bulk action records one entry with the count', async () => {
    const top = await folder(t, 'Bulk')
    await grant(t, top.id, owner.id, 'administrator')
    const files = await Promise.all(['1', '2', '3'].map((n) => file(t, top.id, `${n}.txt`)))
    t.clock.advance(GROUP_WINDOW_MS + 1000)
    const res = await call(owner, 'POST', '/api/items/trash', {
      items: files.map((f) => ({ type: 'file' as const, id: f.id })),
    })
    expect(res).toMatchObject({ succeeded: 3, failed: 0 })
    const trashed = (await notes()).filter((n) => n.action === 'trashed' && n.folder_id === top.id)
    expect(trashed).toHaveLength(1)
    expect(trashed[0]).toMatchObject({ mainItem: '3 items', itemCount: 3, contentCount: 0, type: 'file' })

    t.clock.advance(GROUP_WINDOW_MS + 1000)
    const target = await folder(t, 'Target', { parent_id: top.id, type: 'public' })
    const more = await file(t, top.id, 'more.txt')
    const copied = await call(owner, 'POST', '/api/items/copy', {
      targetFolderId: target.id,
      items: [
        { type: 'file', id: more.id },
        { type: 'folder', id: target.id },
      ],
    })
    expect(copied.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok'])
    expect((await notes()).filter((n) => n.action === 'copied' && n.folder_id === target.id)).toHaveLength(1)
  })
})
