import { beforeAll, describe, expect, it } from 'vitest'
import { notify } from '../../src/server/features/notifications/notify'
import type { Notification } from '../../src/shared/contract/notifications'
import { formatNotificationSentence } from '../../src/shared/notification-sentence'
import { insertOrder } from '../support/factories'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inbox, inboxIds, unreadCount } from './helpers'

// New access starts the stream where it starts (docs/decisions/0060), as in Drive: a person a folder
// is shared with sees "Ivy shared folder Plans with you", not the folder's history; a person given a
// staff function or the admin role sees what that brings from then on. Inherited access counts from
// the grant it comes through; a grant removed and given again starts again.

let t: TestApp
let ivy: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp()
  ivy = await signedIn(t, { name: 'Ivy Tester' })
  admin = await signedIn(t, { name: 'Ada Tester', role: 'admin' })
})

const text = (n: Notification) => formatNotificationSentence(n.sentence).text
const later = () => t.clock.advance(60_000)

/** Ivy's busy folder Plans with a public subfolder Drafts, and a file uploaded to each. */
async function busyFolder(name: string) {
  const top = await call(ivy, 'POST', '/api/folders', { folder_name: name }, 201)
  later()
  const drafts = await call(
    ivy,
    'POST',
    '/api/folders',
    { folder_name: 'Drafts', parent_id: top.id, type: 'public' },
    201,
  )
  later()
  await call(ivy, 'PATCH', `/api/folders/${drafts.id}`, { folder_name: 'Early drafts' })
  later()
  await call(ivy, 'PATCH', `/api/folders/${drafts.id}`, { folder_name: 'Drafts' })
  later()
  return { top, drafts }
}

describe('a folder shared with someone new', () => {
  it('starts their inbox at the share, for the folder and what is inside it', async () => {
    const ben = await signedIn(t, { name: 'Ben Tester' })
    const { top, drafts } = await busyFolder('Plans')
    // Nobody outside the folder heard of it: not Ben, and not the admin who could open it
    // (docs/decisions/0143).
    expect((await inbox(admin)).items.filter((n) => n.folder_id === drafts.id)).toEqual([])

    await call(ivy, 'PUT', `/api/folders/${top.id}/permissions/${ben.id}`, { permissionType: 'viewer' })
    const first = await inbox(ben)
    expect(first.items.map(text)).toEqual(['Ivy Tester shared folder Plans with you as viewer'])
    expect(await unreadCount(ben)).toBe(1)

    // From now on, both the folder and its subfolder (access through the parent's grant) speak to him.
    later()
    await call(ivy, 'PATCH', `/api/folders/${drafts.id}`, { folder_name: 'Final drafts' })
    later()
    await call(ivy, 'POST', '/api/folders', { folder_name: 'Budget', parent_id: top.id, type: 'public' }, 201)
    expect((await inbox(ben)).items.map(text)).toEqual([
      'Ivy Tester created folder Budget in Plans',
      'Ivy Tester renamed folder Drafts to Final drafts',
      'Ivy Tester shared folder Plans with you as viewer',
    ])
  })

  it('a changed level keeps the start; a grant removed and given again starts again', async () => {
    const cleo = await signedIn(t, { name: 'Cleo Tester' })
    const { top } = await busyFolder('Roadmap')
    await call(ivy, 'PUT', `/api/folders/${top.id}/permissions/${cleo.id}`, { permissionType: 'viewer' })
    later()
    await call(ivy, 'POST', '/api/folders', { folder_name: 'Q1', parent_id: top.id, type: 'public' }, 201)
    later()
    await call(ivy, 'PUT', `/api/folders/${top.id}/permissions/${cleo.id}`, { permissionType: 'editor' })
    expect((await inbox(cleo)).items.map(text)).toEqual([
      'Ivy Tester shared folder Roadmap with you as editor',
      'Ivy Tester created folder Q1 in Roadmap',
      'Ivy Tester shared folder Roadmap with you as viewer',
    ])

    later()
    await call(ivy, 'DELETE', `/api/folders/${top.id}/permissions/${cleo.id}`)
    expect(await inboxIds(cleo)).toEqual([])
    later()
    await call(ivy, 'POST', '/api/folders', { folder_name: 'Q2', parent_id: top.id, type: 'public' }, 201)
    later()
    await call(ivy, 'PUT', `/api/folders/${top.id}/permissions/${cleo.id}`, { permissionType: 'viewer' })
    // What happened before the new grant, and under the old one, stays out.
    expect((await inbox(cleo)).items.map(text)).toEqual([
      'Ivy Tester shared folder Roadmap with you as viewer',
    ])
  })
})

describe('a staff function or role given later', () => {
  it('ManageFolders: told of the change, yet of no folder they are not in (docs/decisions/0143)', async () => {
    const dora = await signedIn(t, { name: 'Dora Tester', role: 'staff' })
    await busyFolder('Secrets')
    later()
    await call(admin, 'PATCH', `/api/admin/users/${dora.id}`, { staffFunctions: ['ManageFolders'] })
    const items = (await inbox(dora)).items
    expect(items.map((n) => n.type)).toEqual(['staffFunction'])
    expect(text(items[0]!)).toBe('Ada Tester changed your staff functions to ManageFolders')

    later()
    const other = await call(ivy, 'POST', '/api/folders', { folder_name: 'Private' }, 201)
    expect((await inbox(dora)).items.filter((n) => n.type === 'folder')).toEqual([])

    // Made a member, they hear of it from then on, like anyone else.
    later()
    await call(ivy, 'PUT', `/api/folders/${other.id}/permissions/${dora.id}`, { permissionType: 'viewer' })
    later()
    await call(ivy, 'PATCH', `/api/folders/${other.id}`, { folder_name: 'Still private' })
    expect((await inbox(dora)).items.filter((n) => n.type === 'folder').map(text)).toEqual([
      'Ivy Tester renamed folder Private to Still private',
      'Ivy Tester shared folder Private with you as viewer',
    ])
  })

  it('ManageFeedback and AccessShop: quotes and others’ orders from then on; their own orders always', async () => {
    const eve = await signedIn(t, { name: 'Eve Tester', role: 'staff' })
    const buyer = await signedIn(t, { name: 'Buyer Tester' })
    const ownOrder = await insertOrder(t.database.db, eve.id)
    const othersOrder = await insertOrder(t.database.db, buyer.id)
    const by = { id: admin.id, name: admin.name }
    const orderNote = (orderId: string) =>
      notify(
        t.database.db,
        {
          type: 'order',
          action: 'ordered',
          actor: by,
          mainItem: 'Brand Kit',
          audience: { forAll: true },
          refs: { order_id: orderId },
        },
        t.clock.now,
      )
    const quote = () =>
      notify(
        t.database.db,
        { type: 'quote', action: 'created', actor: by, mainItem: 'Logo', audience: { forAll: true } },
        t.clock.now,
      )
    const oldQuote = await quote()
    const oldOwn = await orderNote(ownOrder.id)
    const oldOthers = await orderNote(othersOrder.id)
    later()
    await call(admin, 'PATCH', `/api/admin/users/${eve.id}`, {
      staffFunctions: ['ManageFeedback', 'AccessShop'],
    })
    later()
    const newQuote = await quote()
    const newOthers = await orderNote(othersOrder.id)

    const ids = await inboxIds(eve)
    expect(ids).toEqual(expect.arrayContaining([newQuote, newOthers, oldOwn]))
    expect(ids).not.toContain(oldQuote)
    expect(ids).not.toContain(oldOthers)
  })

  it('made an admin: staff function changes of others from then on', async () => {
    const fay = await signedIn(t, { name: 'Fay Tester', role: 'staff' })
    const gus = await signedIn(t, { name: 'Gus Tester', role: 'staff' })
    await call(admin, 'PATCH', `/api/admin/users/${gus.id}`, { staffFunctions: ['AccessShop'] })
    // Another admin is told (the actor never is).
    const hal = await signedIn(t, { name: 'Hal Tester', role: 'admin' })
    expect((await inbox(hal)).items.map(text)).toContain(
      'Ada Tester changed Gus Tester’s staff functions to AccessShop',
    )
    later()
    await call(admin, 'PATCH', `/api/admin/users/${fay.id}`, { role: 'admin' })
    later()
    await call(admin, 'PATCH', `/api/admin/users/${gus.id}`, { staffFunctions: ['UploadProducts'] })
    const fays = (await inbox(fay)).items.filter((n) => n.type === 'staffFunction')
    expect(fays.map(text)).toEqual(['Ada Tester changed Gus Tester’s staff functions to UploadProducts'])
  })
})
