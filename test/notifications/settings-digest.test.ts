import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/connection'
import { sendNotificationDigests } from '../../src/server/features/notifications/notification-digest'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { buildJobTable } from '../../src/server/jobs'
import { databaseJobLeases } from '../../src/server/lib/jobs/job-leases'
import { startJobRunner } from '../../src/server/lib/jobs/job-runner'
import type { NotificationSettingsBody } from '../../src/shared/contract/notifications'
import { insertFolder, insertOrder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call, offContract } from '../support/typed-client'
import { inbox, inboxIds, unreadCount } from './helpers'

// Notification settings and the e-mail digest (product.md §8, docs/decisions/0143): staff hear of the
// folders they are in, not of every folder they may open; everyone chooses per kind between the bell,
// the bell and e-mail, or nothing; e-mail comes as one digest per gap, once, even from two instances.

const MINUTE = 60 * 1000
let t: TestApp
let ivy: Person

beforeAll(async () => {
  t = await createTestApp()
  ivy = await signedIn(t, { name: 'Ivy Tester' })
})

const by = (p: Person) => ({ id: p.id, name: p.name })
const later = () => t.clock.advance(1000)

async function note(input: Omit<NotificationInput, 'actor'> & { actor?: Person }) {
  const { actor = ivy, ...rest } = input
  return notify(t.database.db, { ...rest, actor: by(actor) }, t.clock.now)
}

async function save(person: Person, body: Partial<NotificationSettingsBody>) {
  const current = await call(person.client, 'GET', '/api/notifications/settings')
  const { saved: _s, hourlyMinutes: _h, ...choices } = current
  return call(person.client, 'PUT', '/api/notifications/settings', { ...choices, ...body })
}

async function digestsTo(person: Person) {
  return t.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', person.email)
    .where('template', '=', 'notification-digest')
    .orderBy('id')
    .execute()
}

describe('staff’s default audience', () => {
  it('is the folders they are in, not every folder their staff function opens; inbox and orders stay', async () => {
    const folders = await signedIn(t, { name: 'Folders Tester', role: 'staff', functions: ['ManageFolders'] })
    const all = await signedIn(t, {
      name: 'All Tester',
      role: 'staff',
      functions: ['ManageFolders', 'AccessShop', 'ManageFeedback'],
    })
    const admin = await signedIn(t, { name: 'Admin Tester', role: 'admin' })
    // A customer busy in their own private folder: eighteen things in twenty minutes.
    const own = await call(ivy, 'POST', '/api/folders', { folder_name: 'Tax returns' }, 201)
    for (let i = 0; i < 17; i++) {
      later()
      await call(
        ivy,
        'POST',
        '/api/folders',
        { folder_name: `Year ${i}`, parent_id: own.id, type: 'public' },
        201,
      )
    }
    for (const person of [folders, all, admin])
      expect((await inbox(person)).items.filter((n) => n.type === 'folder' || n.type === 'file')).toEqual([])

    // Inbox items and orders still reach the staff whose work they are.
    const order = await insertOrder(t.database.db, ivy.id)
    const ordered = await note({
      type: 'order',
      action: 'ordered',
      mainItem: 'Brand Kit',
      audience: { forAll: true },
      refs: { order_id: order.id },
    })
    const quote = await note({
      type: 'quote',
      action: 'created',
      mainItem: 'Logo',
      audience: { forAll: true },
    })
    expect(await inboxIds(all)).toEqual([quote, ordered])
    expect((await inboxIds(admin)).slice(0, 2)).toEqual([quote, ordered])

    // Made a member of the folder, they hear of it from then on.
    later()
    await call(ivy, 'PUT', `/api/folders/${own.id}/permissions/${folders.id}`, { permissionType: 'viewer' })
    later()
    await call(ivy, 'PATCH', `/api/folders/${own.id}`, { folder_name: 'Taxes' })
    expect((await inbox(folders)).items.map((n) => n.sentence.action)).toEqual(['renamed', 'updated'])
  })
})

describe('notification settings', () => {
  it('start at the defaults, save, and refuse what is not a choice', async () => {
    const ben = await signedIn(t, { name: 'Ben Tester' })
    expect(await call(ben.client, 'GET', '/api/notifications/settings')).toEqual({
      files: 'bell',
      shop: 'bell',
      inbox: 'bell',
      digest: 'hourly',
      saved: false,
      hourlyMinutes: 60,
    })
    const bad = await call(
      ben.client,
      'PUT',
      '/api/notifications/settings',
      offContract({ files: 'loud', shop: 'bell', inbox: 'bell', digest: 'weekly' }),
      422,
    )
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['digest', 'files'])
    expect(bad.errors?.files?.[0]).toMatch(/in the bell, in the bell and by e-mail, or not at all/)

    const saved = await save(ben, { files: 'off', shop: 'bell_email', digest: 'daily' })
    expect(saved).toEqual({
      files: 'off',
      shop: 'bell_email',
      inbox: 'bell',
      digest: 'daily',
      saved: true,
      hourlyMinutes: 60,
    })
    expect(await call(ben.client, 'GET', '/api/notifications/settings')).toEqual(saved)
    await call(t, 'GET', '/api/notifications/settings', undefined, 401)
  })

  it('“off” keeps a kind out of the bell; account notices always come', async () => {
    const cleo = await signedIn(t, { name: 'Cleo Tester', role: 'staff' })
    const folder = await insertFolder(t.database.db, { type: 'public', folder_name: 'Open' })
    const before = await note({
      type: 'folder',
      action: 'created',
      audience: { forAll: true },
      refs: { folder_id: folder.id },
    })
    expect(await inboxIds(cleo)).toContain(before)
    await save(cleo, { files: 'off' })
    later()
    const after = await note({
      type: 'folder',
      action: 'updated',
      audience: { forAll: true },
      refs: { folder_id: folder.id },
    })
    const functions = await note({
      type: 'staffFunction',
      action: 'updated',
      mainItem: 'AccessShop',
      subItem: cleo.name,
      audience: { forAll: true, alsoUsers: [cleo.id] },
    })
    const ids = await inboxIds(cleo)
    expect(ids).not.toContain(after)
    expect(ids).not.toContain(before)
    expect(ids).toContain(functions)
    expect(await unreadCount(cleo)).toBe(ids.length)
    // Turned back on, the kind shows again.
    await save(cleo, { files: 'bell' })
    expect(await inboxIds(cleo)).toEqual(expect.arrayContaining([before, after, functions]))
  })
})

describe('the e-mail digest', () => {
  async function subscriber(name: string, body: Partial<NotificationSettingsBody>) {
    const person = await signedIn(t, {
      name,
      first_name: name.split(' ')[0]!,
      role: 'staff',
      functions: ['AccessShop', 'ManageFeedback'],
    })
    await save(person, body)
    return person
  }

  it('sends one e-mail per gap, grouped by kind with links, of unread entries of the e-mailed kinds', async () => {
    const dora = await subscriber('Dora Tester', { files: 'bell_email', shop: 'bell_email', inbox: 'bell' })
    const folder = await insertFolder(t.database.db, { type: 'locked', folder_name: 'Plans' })
    await grant(t, folder.id, dora.id, 'editor')
    later()
    const order = await insertOrder(t.database.db, ivy.id)
    await note({
      type: 'folder',
      action: 'renamed',
      mainItem: 'Plans',
      subItem: 'Ideas',
      audience: { forAll: true },
      refs: { folder_id: folder.id },
    })
    await note({
      type: 'order',
      action: 'ordered',
      mainItem: 'Brand Kit',
      audience: { forAll: true },
      refs: { order_id: order.id },
    })
    await note({ type: 'quote', action: 'created', mainItem: 'Logo', audience: { forAll: true } })
    const seen = await note({
      type: 'folder',
      action: 'updated',
      mainItem: 'Plans',
      audience: { forAll: true },
      refs: { folder_id: folder.id },
    })
    await call(dora.client, 'PATCH', `/api/notifications/${seen}`, { read: true })

    const run = () => sendNotificationDigests(t.deps)
    expect(await run()).toEqual({ mailed: 1 })
    const [mail, ...rest] = await digestsTo(dora)
    expect(rest).toEqual([])
    expect(mail!.subject).toMatch(/^2 new notifications on /)
    expect(mail!.text_body).toContain('Hi Dora,')
    expect(mail!.text_body).toContain('Files and folders:\n- Ivy Tester renamed folder Ideas to Plans')
    expect(mail!.text_body).toMatch(new RegExp(`/files/${folder.id}\\b`))
    expect(mail!.text_body).toContain('Orders and products:\n- Ivy Tester placed order Brand Kit')
    expect(mail!.text_body).toContain(`/staff/orders/${order.id}`)
    expect(mail!.text_body).toContain('/account/notifications')
    // Inbox items are bell-only for her; what she read in the app was left out.
    expect(mail!.text_body).not.toContain('Logo')
    expect(mail!.text_body).not.toContain('updated')
    expect(mail!.html_body).toContain(`href="http://localhost:3000/files/${folder.id}"`)

    // Nothing new, then something new within the hour: no mail until the hour has passed.
    expect(await run()).toEqual({ mailed: 0 })
    t.clock.advance(10 * MINUTE)
    await note({
      type: 'order',
      action: 'ordered',
      mainItem: 'Poster',
      audience: { forAll: true },
      refs: { order_id: order.id },
    })
    expect(await run()).toEqual({ mailed: 0 })
    t.clock.advance(50 * MINUTE)
    expect(await run()).toEqual({ mailed: 1 })
    const second = (await digestsTo(dora)).at(-1)!
    expect(second.subject).toMatch(/^1 new notification on /)
    expect(second.text_body).toContain('Poster')
    expect(second.text_body).not.toContain('Brand Kit')
  })

  it('sends nothing of kinds set to bell or off, nor to those who never asked for e-mail', async () => {
    const eve = await subscriber('Eve Tester', { files: 'off', shop: 'bell_email', inbox: 'bell' })
    const quiet = await signedIn(t, { name: 'Quiet Tester', role: 'staff', functions: ['AccessShop'] })
    const folder = await insertFolder(t.database.db, { type: 'public', folder_name: 'Open' })
    t.clock.advance(2 * 60 * MINUTE)
    await note({
      type: 'folder',
      action: 'created',
      audience: { forAll: true },
      refs: { folder_id: folder.id },
    })
    await note({ type: 'quote', action: 'created', mainItem: 'Logo', audience: { forAll: true } })
    await sendNotificationDigests(t.deps)
    expect(await digestsTo(eve)).toEqual([])
    expect(await digestsTo(quiet)).toEqual([])
    expect(await inboxIds(quiet)).not.toEqual([])
  })

  it('goes once when two instances run it at once, with and without the job leases', async () => {
    const fay = await subscriber('Fay Tester', { shop: 'bell_email' })
    const gus = await subscriber('Gus Tester', { shop: 'bell_email' })
    const order = await insertOrder(t.database.db, ivy.id)
    t.clock.advance(2 * 60 * MINUTE)
    await note({
      type: 'order',
      action: 'ordered',
      mainItem: 'Atlas',
      audience: { forAll: true },
      refs: { order_id: order.id },
    })

    const other = openDatabase(t.testDb.config) // a second instance: its own connection or pool
    try {
      // Without leases: the guarded watermark alone lets one of them send.
      const results = await Promise.all([
        sendNotificationDigests(t.deps),
        sendNotificationDigests({ ...t.deps, database: other }),
      ])
      expect(results.reduce((n, r) => n + r.mailed, 0)).toBeGreaterThanOrEqual(2)
      expect(await digestsTo(fay)).toHaveLength(1)
      expect(await digestsTo(gus)).toHaveLength(1)

      // Through the job runners as they run in production, with leases: one run does the work.
      t.clock.advance(2 * 60 * MINUTE)
      await note({
        type: 'order',
        action: 'ordered',
        mainItem: 'Globe',
        audience: { forAll: true },
        refs: { order_id: order.id },
      })
      const runners = [t.database, other].map((database, i) =>
        startJobRunner({
          jobs: buildJobTable({ ...t.deps, database }).filter((job) => job.name === 'notification-digests'),
          logger: t.deps.logger,
          leases: databaseJobLeases(database.db, `instance-${i}`, () => t.clock.now),
          startDelayMs: 24 * 60 * MINUTE,
        }),
      )
      try {
        await Promise.all(runners.map((runner) => runner.runNow('notification-digests')))
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()))
      }
      for (const person of [fay, gus]) {
        const mails = await digestsTo(person)
        expect(mails).toHaveLength(2)
        expect(mails[1]!.text_body).toContain('Globe')
      }
    } finally {
      await other.close()
    }
  })
})
