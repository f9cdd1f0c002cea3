import { beforeAll, describe, expect, it } from 'vitest'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { folder, status } from './helpers'

// Sharing (product.md §2): grants up to one's own level, the last administrator of a top-level folder
// removable only by a super user, who has access and from where, finding people to share with, and
// the shared-with person's bell.

let t: TestApp
let owner: Person
let friend: Person
let editor: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  friend = await signedIn(t, { name: 'Frida Tester' })
  editor = await signedIn(t, { name: 'Eddie Tester' })
  admin = await signedIn(t, { name: 'Ada Tester', role: 'admin' })
})

const unread = async (p: Person) => (await call(p, 'GET', '/api/notifications/unread-count')).unread

describe('granting', () => {
  it('shares a folder, which the other person sees under Shared with me and in their bell', async () => {
    const top = await call(owner, 'POST', '/api/folders', { folder_name: 'Contracts' }, 201)
    const before = await unread(friend)
    const list = await call(owner, 'PUT', `/api/folders/${top.id}/permissions/${friend.id}`, {
      permissionType: 'viewer',
    })
    expect(list.entries.find((e: { user: { id: string } }) => e.user.id === friend.id)).toMatchObject({
      permissionType: 'viewer',
      via: 'direct',
    })
    // The bell rises: the share itself (the folder's earlier activity stays out of their inbox).
    expect(await unread(friend)).toBeGreaterThan(before)
    const inbox = await call(friend, 'GET', '/api/notifications?limit=100')
    const grants = inbox.items.filter(
      (n: { action: string; type: string }) => n.type === 'folder' && n.action === 'updated',
    )
    expect(grants).toHaveLength(1)
    // It reads as a share with the reader, naming the level, and opens the folder.
    expect(grants[0]).toMatchObject({
      sentence: { item: 'Contracts', where: 'viewer', aboutViewer: true },
      link: `/files/${top.id}`,
    })
    const shared = await call(friend, 'GET', '/api/folders?view=shared')
    expect(shared.folders.map((f: { id: string }) => f.id)).toContain(top.id)
    // Changing the level is allowed; revoking ends their access.
    await call(owner, 'PUT', `/api/folders/${top.id}/permissions/${friend.id}`, { permissionType: 'editor' })
    await call(owner, 'DELETE', `/api/folders/${top.id}/permissions/${friend.id}`)
    expect(await status(friend, 'GET', `/api/folders/${top.id}`)).toBe(404)
  })

  it('says who has access and from where: direct or inherited, from which folder', async () => {
    const top = await call(owner, 'POST', '/api/folders', { folder_name: 'Tree' }, 201)
    const sub = await call(owner, 'POST', '/api/folders', { folder_name: 'Branch', parent_id: top.id }, 201)
    await grant(t, top.id, friend.id, 'viewer')
    await grant(t, sub.id, editor.id, 'editor')
    const list = await call(owner, 'GET', `/api/folders/${sub.id}/permissions`)
    const byUser = Object.fromEntries(list.entries.map((e: { user: { id: string } }) => [e.user.id, e]))
    expect(byUser[friend.id]).toMatchObject({
      via: 'inherited',
      from: { id: top.id, folder_name: 'Tree' },
      permissionType: 'viewer',
    })
    expect(byUser[editor.id]).toMatchObject({ via: 'direct', from: { id: sub.id } })
    expect(byUser[owner.id]).toMatchObject({ via: 'inherited', permissionType: 'administrator' })
    expect(list.public).toBe(false)
    // An inherited grant is changed where it was given, never removed here.
    expect(byUser[friend.id]).toMatchObject({ canRemove: false })
  })

  it('says who may open a folder: everyone, its members, or the members of the locked folder above', async () => {
    const locked = await call(owner, 'POST', '/api/folders', { folder_name: 'Private' }, 201)
    const inside = await call(
      owner,
      'POST',
      '/api/folders',
      { folder_name: 'Inside', parent_id: locked.id },
      201,
    )
    expect(inside.type).toBe('public')
    const audience = async (who: Person, id: string) =>
      (await call(who, 'GET', `/api/folders/${id}/children`)).audience
    expect(await audience(owner, locked.id)).toEqual({ kind: 'members' })
    expect(await audience(owner, inside.id)).toEqual({
      kind: 'inherited',
      from: { id: locked.id, folder_name: 'Private' },
    })
    // Someone given only the inner folder does not learn the locked folder's name.
    await grant(t, inside.id, friend.id, 'viewer')
    expect(await audience(friend, inside.id)).toEqual({ kind: 'inherited', from: null })
    expect((await call(owner, 'GET', `/api/folders/${inside.id}`)).audience.kind).toBe('inherited')

    const open = await call(admin, 'POST', '/api/folders', { folder_name: 'Everyone', type: 'public' }, 201)
    const below = await call(admin, 'POST', '/api/folders', { folder_name: 'Below', parent_id: open.id }, 201)
    expect(await audience(friend, below.id)).toEqual({ kind: 'everyone' })
  })

  it('only administrators share, and never above their own level', async () => {
    const top = await folder(t, 'Levels')
    await grant(t, top.id, owner.id, 'administrator')
    await grant(t, top.id, editor.id, 'editor')
    expect(
      await status(editor, 'PUT', `/api/folders/${top.id}/permissions/${friend.id}`, {
        permissionType: 'viewer',
      }),
    ).toBe(403)
    expect(
      await status(editor, 'PUT', `/api/folders/${top.id}/permissions/${friend.id}`, {
        permissionType: 'administrator',
      }),
    ).toBe(403)
    expect(
      await status(owner, 'PUT', `/api/folders/${top.id}/permissions/${friend.id}`, {
        permissionType: 'administrator',
      }),
    ).toBe(200)
    expect(
      await status(owner, 'PUT', `/api/folders/${top.id}/permissions/${crypto.randomUUID()}`, {
        permissionType: 'viewer',
      }),
    ).toBe(404)
  })

  it('keeps the last administrator of a top-level folder unless a super user removes them', async () => {
    const top = await call(owner, 'POST', '/api/folders', { folder_name: 'Only me' }, 201)
    const list = await call(owner, 'GET', `/api/folders/${top.id}/permissions`)
    // The list says who made it, and offers no Remove for the last administrator.
    expect(list.entries[0]).toMatchObject({
      user: { id: owner.id },
      canSet: ['administrator'],
      canRemove: false,
      owner: true,
    })
    const revoke = await call(
      owner.client,
      'DELETE',
      `/api/folders/${top.id}/permissions/${owner.id}`,
      undefined,
      409,
    )
    expect(revoke.code).toBe('last_administrator')
    expect(
      await status(owner, 'PUT', `/api/folders/${top.id}/permissions/${owner.id}`, {
        permissionType: 'editor',
      }),
    ).toBe(409)
    // With a second administrator, one may go.
    const two = await call(owner, 'PUT', `/api/folders/${top.id}/permissions/${friend.id}`, {
      permissionType: 'administrator',
    })
    const entryOf = (id: string) => two.entries.find((e) => e.user.id === id)
    expect(entryOf(owner.id)).toMatchObject({ canRemove: true, owner: true })
    expect(entryOf(friend.id)).toMatchObject({ canRemove: true, owner: false })
    await call(friend, 'DELETE', `/api/folders/${top.id}/permissions/${owner.id}`)
    const last = await call(friend, 'GET', `/api/folders/${top.id}/permissions`)
    expect(last.entries.find((e) => e.user.id === friend.id)).toMatchObject({ canRemove: false })
    expect(await status(friend, 'DELETE', `/api/folders/${top.id}/permissions/${friend.id}`)).toBe(409)
    await call(admin, 'DELETE', `/api/folders/${top.id}/permissions/${friend.id}`)
  })

  it('lets only the folder’s administrators look people up (share-lookup.test.ts has the rules)', async () => {
    const top = await call(owner, 'POST', '/api/folders', { folder_name: 'Search' }, 201)
    const found = await call(admin, 'GET', `/api/folders/${top.id}/share-candidates?q=frid`)
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([friend.id])
    expect(found.items[0]).toBeDefined()
    expect(Object.keys(found.items[0]!).sort()).toEqual(['email', 'id', 'name'])
    expect(await status(friend, 'GET', `/api/folders/${top.id}/share-candidates?q=olg`)).toBe(404)
    const literal = await call(
      owner,
      'GET',
      `/api/folders/${top.id}/share-candidates?q=${encodeURIComponent('%_')}`,
    )
    expect(literal.items).toEqual([])
  })
})
