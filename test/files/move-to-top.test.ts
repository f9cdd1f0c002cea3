import { beforeAll, describe, expect, it } from 'vitest'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { file, folder, folderRow, status } from './helpers'

// Moving a folder to the top of My folders (targetFolderId: null, decision 0041): whoever may
// manage the folder may, and keeps reaching it — it becomes locked and they administer it — while
// public top-level folders stay for super users.

let t: TestApp
let owner: Person
let viewer: Person
let manager: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  viewer = await signedIn(t, { name: 'Vera Tester' })
  manager = await signedIn(t, { name: 'Max Tester', role: 'staff', functions: ['ManageFolders'] })
})

async function space() {
  const top = await folder(t, `Space ${Math.random()}`)
  await grant(t, top.id, owner.id, 'administrator')
  await grant(t, top.id, viewer.id, 'viewer')
  const sub = await folder(t, 'Plans', { parent_id: top.id, type: 'public' })
  const inner = await folder(t, 'Inner', { parent_id: sub.id, type: 'public' })
  return { top, sub, inner }
}

const permission = (folderId: string, userId: string) =>
  t.database.db
    .selectFrom('folder_permissions')
    .select('permissionType')
    .where('folder_id', '=', folderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()

describe('moving a folder to the top level', () => {
  it('makes it a locked top-level folder its mover administers, and keeps its contents', async () => {
    const { sub, inner } = await space()
    const moved = await call(owner, 'POST', `/api/folders/${sub.id}/move`, { targetFolderId: null })
    expect(moved).toMatchObject({ type: 'folder', id: sub.id, name: 'Plans', folderId: null })
    expect(await folderRow(t, sub.id)).toMatchObject({ parent_id: null, type: 'locked' })
    expect(await folderRow(t, inner.id)).toMatchObject({ parent_id: sub.id })
    expect(await permission(sub.id, owner.id)).toEqual({ permissionType: 'administrator' })
    // Still reachable by the mover, and listed in their My folders.
    expect(await status(owner, 'GET', `/api/folders/${sub.id}`)).toBe(200)
    expect(await status(owner, 'GET', `/api/folders/${inner.id}`)).toBe(200)
    const notification = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('folder_id', '=', sub.id)
      .where('action', '=', 'moved')
      .executeTakeFirst()
    expect(notification).toMatchObject({ type: 'folder', mainItem: 'Plans', subItem: null })
  })

  it('refuses someone who cannot manage the folder, and anonymous callers', async () => {
    const { sub } = await space()
    expect(await status(viewer, 'POST', `/api/folders/${sub.id}/move`, { targetFolderId: null })).toBe(403)
    const anonymous = await t.app.request(`/api/folders/${sub.id}/move`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
      body: JSON.stringify({ targetFolderId: null }),
    })
    expect([401, 403]).toContain(anonymous.status)
    expect(await folderRow(t, sub.id)).toMatchObject({ parent_id: expect.any(String), type: 'public' })
  })

  it('lets a super user keep a public folder public at the top, with no grant added', async () => {
    const { sub } = await space()
    await call(manager, 'POST', `/api/folders/${sub.id}/move`, { targetFolderId: null })
    expect(await folderRow(t, sub.id)).toMatchObject({ parent_id: null, type: 'public' })
    expect(await permission(sub.id, manager.id)).toBeUndefined()
  })

  it('still refuses a file without a target folder', async () => {
    const { top } = await space()
    const loose = await file(t, top.id, 'loose.txt', 'x')
    expect(await status(owner, 'POST', `/api/files/${loose.id}/move`, { targetFolderId: null })).toBe(422)
  })
})
