import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  loadFolderAccess,
  readableFolderIds,
} from '../../src/server/features/files/access/folder-access.repository'
import { folderMembers } from '../../src/server/features/notifications/notification-audience.repository'
import { notify } from '../../src/server/features/notifications/notify'
import type { Caller } from '../../src/server/lib/http/caller'
import {
  canReadFolder,
  type FolderGrant,
  type FolderNode,
  resolveFolderAccess,
} from '../../src/server/policies/folders.policy'
import type { PermissionType } from '../../src/shared/enums'
import { insertFile, insertFolder } from '../support/factories'
import { grant, insertUser, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inboxIds, unreadCount } from './helpers'

// Folder and file notifications follow the folder rule when read: revoking a permission hides that
// folder's notifications at once. And the rule's SQL form (used to page the inbox) opens exactly the
// folders the pure policy opens.

let t: TestApp
let actor: Person

beforeAll(async () => {
  t = await createTestApp()
  actor = await signedIn(t, { name: 'Owner Tester', role: 'admin' })
})

describe('folder notifications', () => {
  it('disappear when the folder permission is revoked; a new grant starts afresh', async () => {
    const db = t.database.db
    const member = await signedIn(t, { name: 'Member Tester' })
    const folderStaff = await signedIn(t, {
      name: 'Folders Tester',
      role: 'staff',
      functions: ['ManageFolders'],
    })
    const locked = await insertFolder(db, { type: 'locked', folder_name: 'Board' })
    const inside = await insertFolder(db, { type: 'public', folder_name: 'Minutes', parent_id: locked.id })
    const file = await insertFile(db, inside.id, { filename: 'march.pdf' })
    const elsewhere = await insertFolder(db, { type: 'public', folder_name: 'Open' })
    await grant(t, locked.id, member.id, 'editor')

    const who = { id: actor.id, name: actor.name }
    const ids = [
      await notify(
        db,
        {
          type: 'folder',
          action: 'created',
          actor: who,
          mainItem: 'Minutes',
          subItem: 'Board',
          audience: { forAll: true },
          refs: { folder_id: inside.id },
        },
        t.clock.now,
      ),
      // Addressed by name, but still subject to access: sharing and then unsharing hides it.
      await notify(
        db,
        {
          type: 'folder',
          action: 'updated',
          actor: who,
          mainItem: 'Board',
          audience: { forUsers: [member.id] },
          refs: { folder_id: locked.id },
        },
        t.clock.now,
      ),
      // A file named by its id only: access is checked on its folder.
      await notify(
        db,
        {
          type: 'file',
          action: 'renamed',
          actor: who,
          mainItem: 'march.pdf',
          audience: { forAll: true },
          refs: { file_id: file.id },
        },
        t.clock.now,
      ),
    ]
    const unrelated = await notify(
      db,
      {
        type: 'folder',
        action: 'created',
        actor: who,
        audience: { forAll: true },
        refs: { folder_id: elsewhere.id },
      },
      t.clock.now,
    )
    expect(await inboxIds(member)).toEqual(expect.arrayContaining([...ids, unrelated]))
    expect(await unreadCount(member)).toBe(4)

    await db
      .deleteFrom('folder_permissions')
      .where('folder_id', '=', locked.id)
      .where('user_id', '=', member.id)
      .execute()
    expect(await inboxIds(member)).toEqual([unrelated])
    expect(await unreadCount(member)).toBe(1)
    await call(member.client, 'PATCH', `/api/notifications/${ids[0]}`, { read: true }, 404)
    // Staff who may open every folder hear only of those they are in (docs/decisions/0143).
    expect(await inboxIds(folderStaff)).toEqual([unrelated])

    // Granted again later, lower down: access starts at the new grant, so what was said before it
    // stays hidden, and what is said afterwards shows, in that subtree only.
    t.clock.advance(60_000)
    await grant(t, inside.id, member.id, 'viewer')
    expect(await inboxIds(member)).toEqual([unrelated])
    t.clock.advance(1)
    const after = await notify(
      db,
      {
        type: 'file',
        action: 'uploaded',
        actor: who,
        mainItem: 'april.pdf',
        audience: { forAll: true },
        refs: { folder_id: inside.id },
      },
      t.clock.now,
    )
    const onBoard = await notify(
      db,
      {
        type: 'folder',
        action: 'updated',
        actor: who,
        audience: { forAll: true },
        refs: { folder_id: locked.id },
      },
      t.clock.now,
    )
    expect((await inboxIds(member)).sort()).toEqual([after, unrelated].sort())
    expect(await inboxIds(member)).not.toContain(onBoard)
  })

  it('about a folder deleted for good show to nobody, super users included', async () => {
    const db = t.database.db
    const member = await signedIn(t, { name: 'Member Tester' })
    const admin = await signedIn(t, { name: 'Admin Tester', role: 'admin' })
    const folder = await insertFolder(db, { type: 'public', folder_name: 'Temp' })
    const id = await notify(
      db,
      {
        type: 'folder',
        action: 'created',
        actor: { id: actor.id, name: actor.name },
        audience: { forAll: true },
        refs: { folder_id: folder.id },
      },
      t.clock.now,
    )
    expect(await inboxIds(member)).toContain(id)
    await db.deleteFrom('folders').where('id', '=', folder.id).execute()
    expect(await inboxIds(member)).not.toContain(id)
    expect(await inboxIds(admin)).not.toContain(id)
  })
})

describe('grouping', () => {
  it('folds a burst by one actor on one folder into one entry with a count, which is news again', async () => {
    const db = t.database.db
    const member = await signedIn(t, { name: 'Member Tester' })
    const folder = await insertFolder(db, { type: 'public', folder_name: 'Reports' })
    const other = await insertFolder(db, { type: 'public', folder_name: 'Other' })
    const upload = (name: string, folderId = folder.id, count?: number) =>
      notify(
        db,
        {
          type: 'file',
          action: 'uploaded',
          actor: { id: actor.id, name: actor.name },
          mainItem: name,
          subItem: 'Reports',
          count,
          audience: { forAll: true },
          refs: { folder_id: folderId },
        },
        t.clock.now,
      )
    const first = await upload('a.pdf')
    await call(member.client, 'PATCH', `/api/notifications/${first}`, { read: true })
    t.clock.advance(60_000)
    await upload('b.pdf')
    t.clock.advance(60_000)
    const last = await upload('c.pdf', folder.id, 10) // one request with ten files
    const elsewhere = await upload('d.pdf', other.id)

    const items = (await call(member.client, 'GET', '/api/notifications?type=file')).items as {
      id: string
      itemCount: number
      read: boolean
      mainItem: string
      link: string
    }[]
    const grouped = items.find((n) => n.id === last)
    expect(items.map((n) => n.id).sort()).toEqual([last, elsewhere].sort())
    expect(grouped).toMatchObject({
      itemCount: 12,
      read: false,
      mainItem: 'c.pdf',
      link: `/files/${folder.id}`,
    })

    // Past the window it starts a new entry.
    t.clock.advance(11 * 60_000)
    const fresh = await upload('e.pdf')
    expect(await inboxIds(member, 'type=file')).toEqual([fresh, elsewhere, last])
  })
})

describe('the folder rule in SQL', () => {
  it('opens exactly the folders the policy opens, on random trees, read down or up', async () => {
    const db = t.database.db
    const levels: (PermissionType | null)[] = ['viewer', 'editor', 'administrator', null, null, null]
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            parent: fc.nat(),
            locked: fc.boolean(),
            topLevel: fc.boolean(),
            grant: fc.nat(levels.length - 1),
          }),
          { minLength: 1, maxLength: 14 },
        ),
        async (spec) => {
          const user = await insertUser(db)
          const actorOf: Caller = {
            kind: 'user',
            id: user.id,
            role: 'user',
            staffFunctions: [],
            isRestricted: false,
            emailVerified: true,
            name: 'Fuzz Tester',
            email: user.email,
          }
          const nodes: FolderNode[] = []
          const grants: FolderGrant[] = []
          for (const [i, f] of spec.entries()) {
            const parent = i === 0 || f.topLevel ? null : nodes[f.parent % i]!.id
            const row = await insertFolder(db, { type: f.locked ? 'locked' : 'public', parent_id: parent })
            nodes.push({ id: row.id, type: row.type, parent_id: parent })
            const level = levels[f.grant]
            if (level) {
              await grant(t, row.id, user.id, level)
              grants.push({ folder_id: row.id, user_id: user.id, permissionType: level })
            }
          }
          const byId = new Map(nodes.map((n) => [n.id, n]))
          const chainOf = (id: string) => {
            const chain: FolderNode[] = []
            for (let n = byId.get(id); n; n = n.parent_id ? byId.get(n.parent_id) : undefined) chain.push(n)
            return chain
          }
          const sqlSet = await readableFolderIds(db, actorOf)
          if (sqlSet === 'all') throw new Error('a plain user is no super user')
          for (const node of nodes) {
            const policy = canReadFolder(resolveFolderAccess(actorOf, chainOf(node.id), grants))
            expect(sqlSet.has(node.id), `folder ${node.id}`).toBe(policy)
            // The one-folder path (repository + policy) agrees too.
            const loaded = await loadFolderAccess(db, actorOf, node.id)
            expect(loaded && canReadFolder(loaded)).toBe(policy)
            // And read upwards, as the notification hub finds whose streams to wake.
            const members = await folderMembers(db, node.id)
            expect(members.everyone || members.userIds.includes(user.id), `members of ${node.id}`).toBe(
              policy,
            )
          }
        },
      ),
      { numRuns: 25, seed: 7 },
    )
  })
})
