import { beforeAll, describe, expect, it } from 'vitest'
import { notify } from '../../src/server/features/notifications/notify'
import { insertFile, insertFolder, insertOrder, insertProduct } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inbox, inboxIds } from './helpers'

// product.md §5, who sees what: forAll reaches exactly the people eligible for the type, for_users
// only those listed, the actor never their own, and new users no broadcast older than their account.

let t: TestApp
let people: Record<string, Person>

beforeAll(async () => {
  t = await createTestApp()
  people = {
    actor: await signedIn(t, { name: 'Caller Tester', role: 'admin' }),
    admin: await signedIn(t, { name: 'Admin Tester', role: 'admin' }),
    feedback: await signedIn(t, { name: 'Feedback Tester', role: 'staff', functions: ['ManageFeedback'] }),
    shop: await signedIn(t, { name: 'Shop Tester', role: 'staff', functions: ['AccessShop'] }),
    products: await signedIn(t, { name: 'Products Tester', role: 'staff', functions: ['UploadProducts'] }),
    folders: await signedIn(t, { name: 'Folders Tester', role: 'staff', functions: ['ManageFolders'] }),
    staffNone: await signedIn(t, { name: 'Bare Tester', role: 'staff' }),
    buyer: await signedIn(t, { name: 'Buyer Tester' }),
    member: await signedIn(t, { name: 'Member Tester' }),
    outsider: await signedIn(t, { name: 'Outsider Tester' }),
  }
})

const by = (p: Person) => ({ id: p.id, name: p.name })

describe('forAll', () => {
  it('reaches exactly the users eligible for each type', async () => {
    const db = t.database.db
    const now = t.clock.now
    const { actor, buyer, member, shop } = people as Record<string, Person>
    const order = await insertOrder(db, buyer!.id)
    const product = await insertProduct(db)
    const publicFolder = await insertFolder(db, { type: 'public', folder_name: 'Public' })
    const locked = await insertFolder(db, { type: 'locked', folder_name: 'Board' })
    const file = await insertFile(db, locked.id)
    await grant(t, locked.id, member!.id, 'viewer')
    const all = { forAll: true } as const
    const make = (input: Parameters<typeof notify>[1]) => notify(db, input, now)

    const sent: Record<string, string> = {
      quote: await make({
        type: 'quote',
        action: 'created',
        actor: by(actor!),
        mainItem: 'Logo',
        audience: all,
      }),
      feedback: await make({ type: 'feedback', action: 'resolved', actor: by(actor!), audience: all }),
      published: await make({
        type: 'product',
        action: 'created',
        actor: by(actor!),
        audience: all,
        refs: { product_id: product.id },
      }),
      productEdit: await make({
        type: 'product',
        action: 'updated',
        actor: by(actor!),
        audience: all,
        refs: { product_id: product.id },
      }),
      orderByBuyer: await make({
        type: 'order',
        action: 'ordered',
        actor: by(buyer!),
        audience: all,
        refs: { order_id: order.id },
      }),
      orderBySystem: await make({
        type: 'order',
        action: 'updated',
        actor: { id: null, name: 'Depot' },
        audience: all,
        refs: { order_id: order.id },
      }),
      publicFolder: await make({
        type: 'folder',
        action: 'created',
        actor: by(actor!),
        audience: all,
        refs: { folder_id: publicFolder.id },
      }),
      lockedFile: await make({
        type: 'file',
        action: 'uploaded',
        actor: by(actor!),
        audience: all,
        refs: { folder_id: locked.id, file_id: file.id },
      }),
      staffFunction: await make({
        type: 'staffFunction',
        action: 'updated',
        actor: by(actor!),
        mainItem: 'AccessShop',
        subItem: shop!.name,
        audience: { forAll: true, alsoUsers: [shop!.id] },
      }),
    }

    const expected: Record<string, string[]> = {
      actor: ['orderByBuyer', 'orderBySystem'],
      // Staff and admins hear of the folders they are in, not of every folder they may open
      // (docs/decisions/0143).
      admin: Object.keys(sent).filter((k) => k !== 'lockedFile'),
      feedback: ['quote', 'feedback', 'published', 'publicFolder'],
      shop: ['published', 'productEdit', 'orderByBuyer', 'orderBySystem', 'publicFolder', 'staffFunction'],
      products: ['published', 'productEdit', 'publicFolder'],
      folders: ['published', 'publicFolder'],
      staffNone: ['published', 'publicFolder'],
      buyer: ['published', 'orderBySystem', 'publicFolder'],
      member: ['published', 'publicFolder', 'lockedFile'],
      outsider: ['published', 'publicFolder'],
    }
    const got: Record<string, string[]> = {}
    const names = Object.fromEntries(Object.entries(sent).map(([k, v]) => [v, k]))
    for (const [who, person] of Object.entries(people)) {
      got[who] = (await inboxIds(person)).map((id) => names[id] ?? id).sort()
    }
    expect(got).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, [...v].sort()])))
  })

  it('shows new users no broadcast older than their account, but later ones', async () => {
    const db = t.database.db
    const before = await notify(
      db,
      { type: 'product', action: 'created', actor: by(people.actor!), audience: { forAll: true } },
      t.clock.now,
    )
    t.clock.advance(60_000)
    const newcomer = await signedIn(t, {
      name: 'Newcomer Tester',
      role: 'admin',
      createdAt: t.clock.now.toISOString(),
    })
    t.clock.advance(60_000)
    const after = await notify(
      db,
      { type: 'product', action: 'created', actor: by(people.actor!), audience: { forAll: true } },
      t.clock.now,
    )
    const ids = await inboxIds(newcomer)
    expect(ids).toContain(after)
    expect(ids).not.toContain(before)
    // Addressed to them by name is not a broadcast: an old account's rule does not hide it.
    expect(await inboxIds(people.outsider!)).toEqual(expect.arrayContaining([before, after]))
  })
})

describe('for_users', () => {
  it('reaches only the users listed, whatever their role', async () => {
    const db = t.database.db
    const folder = await insertFolder(db, { type: 'public' })
    const { actor, outsider, member } = people as Record<string, Person>
    const shared = await notify(
      db,
      {
        type: 'folder',
        action: 'updated',
        actor: by(actor!),
        mainItem: folder.folder_name,
        audience: { forUsers: [outsider!.id, member!.id] },
        refs: { folder_id: folder.id },
      },
      t.clock.now,
    )
    // A quote addressed to one person reaches them even though quotes are for ManageFeedback.
    const quote = await notify(
      db,
      { type: 'quote', action: 'resolved', actor: by(actor!), audience: { forUsers: [outsider!.id] } },
      t.clock.now,
    )
    for (const [who, person] of Object.entries(people)) {
      const ids = await inboxIds(person)
      expect(ids.includes(shared), `${who} and the shared folder note`).toBe(
        who === 'outsider' || who === 'member',
      )
      expect(ids.includes(quote), `${who} and the quote`).toBe(who === 'outsider')
    }
  })

  it('leaves out a listed user who no longer exists, and still reaches the others', async () => {
    const { actor, member } = people as Record<string, Person>
    const sent = await notify(
      t.database.db,
      {
        type: 'quote',
        action: 'resolved',
        actor: by(actor!),
        audience: { forUsers: ['00000000-0000-7000-8000-000000000000', member!.id] },
      },
      t.clock.now,
    )
    expect(await inboxIds(member!)).toContain(sent)
  })
})

describe('the actor', () => {
  it('never sees their own notification, even when addressed to them', async () => {
    const { actor, admin } = people as Record<string, Person>
    const own = await notify(
      t.database.db,
      { type: 'quote', action: 'created', actor: by(actor!), audience: { forUsers: [actor!.id, admin!.id] } },
      t.clock.now,
    )
    const broadcast = await notify(
      t.database.db,
      { type: 'quote', action: 'created', actor: by(actor!), audience: { forAll: true } },
      t.clock.now,
    )
    expect(await inboxIds(actor!)).not.toContain(own)
    expect(await inboxIds(actor!)).not.toContain(broadcast)
    expect(await inboxIds(admin!)).toEqual(expect.arrayContaining([own, broadcast]))
  })

  it('is told of an admin changing their staff functions, and other admins are too', async () => {
    const { actor, admin, staffNone, shop } = people as Record<string, Person>
    await call(
      actor!.client,
      'PATCH',
      `/api/admin/users/${staffNone!.id}`,
      {
        staffFunctions: ['UploadProducts'],
      },
      200,
    )
    const forStaff = (await inbox(staffNone!)).items.find((n) => n.type === 'staffFunction')
    expect(forStaff).toMatchObject({
      action: 'updated',
      user_name: actor!.name,
      mainItem: 'UploadProducts',
      sentence: { aboutViewer: true, item: 'UploadProducts' },
      link: '/profile',
    })
    const forAdmin = (await inbox(admin!)).items.find((n) => n.id === forStaff!.id)
    expect(forAdmin).toMatchObject({
      sentence: { aboutViewer: false },
      link: `/admin/users/${staffNone!.id}`,
    })
    expect((await inboxIds(actor!)).includes(forStaff!.id)).toBe(false)
    expect((await inboxIds(shop!)).includes(forStaff!.id)).toBe(false)
  })
})
