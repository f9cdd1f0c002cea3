import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import * as reads from '../../src/server/features/notifications/notification-reads.repository'
import { listVisibleAfter } from '../../src/server/features/notifications/notification-stream.repository'
import { listVisible } from '../../src/server/features/notifications/notifications.repository'
import { recipientById } from '../../src/server/features/notifications/notifications.service'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { countUnread } from '../../src/server/features/notifications/unread-count.repository'
import type { StaffFunction } from '../../src/shared/enums'
import { insertFile, insertFolder, insertOrder, insertProduct } from '../support/factories'
import { grant, insertUser } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'

// The unread count reads candidates off the reader's own ways into the notifications (their folders,
// what is addressed to them, the broadcast types they see in full, their own orders, what they marked
// unread again) and asks the inbox's one filter of those alone (docs/decisions/0165). Whatever happens,
// it must equal the number of unread entries the list shows: random notifications of every type and
// audience, read, marked unread again, dismissed and marked all read by random readers of every kind.
// The same histories check the live stream's read after a cursor against the list.

let t: TestApp
const BEFORE_ALL = '00000000-0000-0000-0000-000000000000'
const HOUR = 60 * 60 * 1000

interface World {
  readers: string[]
  folders: string[]
  files: string[]
  products: string[]
  orders: string[]
}
let world: World

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const made = new Date(t.clock.now.getTime() - HOUR).toISOString()
  const person = (role: 'user' | 'staff' | 'admin', functions: StaffFunction[] = []) =>
    insertUser(db, { role, functions, createdAt: made }).then((u) => u.id)
  const readers = [
    await person('user'),
    await person('user'),
    await person('staff', ['ManageFeedback']),
    await person('staff', ['AccessShop']),
    await person('staff', ['UploadProducts', 'ManageFolders']),
    await person('admin'),
  ]
  const open = await insertFolder(db, { type: 'public', folder_name: 'Open' })
  const openChild = await insertFolder(db, { type: 'public', folder_name: 'Open child', parent_id: open.id })
  const lockedChild = await insertFolder(db, {
    type: 'locked',
    folder_name: 'Locked child',
    parent_id: open.id,
  })
  const board = await insertFolder(db, { type: 'locked', folder_name: 'Board' })
  const minutes = await insertFolder(db, { type: 'public', folder_name: 'Minutes', parent_id: board.id })
  const folders = [open.id, openChild.id, lockedChild.id, board.id, minutes.id]
  await grant(t, board.id, readers[0]!, 'viewer')
  await grant(t, lockedChild.id, readers[1]!, 'editor')
  await grant(t, board.id, readers[3]!, 'editor')
  const files = []
  for (const folder of folders) files.push((await insertFile(db, folder)).id)
  const products = [
    (await insertProduct(db, { isPublished: true })).id,
    (await insertProduct(db, { isPublished: false })).id,
  ]
  const orders = [
    (await insertOrder(db, readers[0]!)).id,
    (await insertOrder(db, readers[1]!)).id,
    (await insertOrder(db, readers[2]!)).id,
  ]
  world = { readers, folders, files, products, orders }
})

type Step =
  | { kind: 'notify'; input: NotificationInput }
  | { kind: 'read' | 'unread' | 'dismiss'; reader: number; pick: number }
  | { kind: 'readAll'; reader: number }

const index = (n: number) => fc.nat({ max: n - 1 })

function stepArbitrary(): fc.Arbitrary<Step> {
  const actor = fc.option(index(world.readers.length), { nil: null })
  const audience = fc.oneof(
    fc.constant({ forAll: true as const }),
    fc
      .subarray(world.readers, { minLength: 1 })
      .map((users) => ({ forAll: true as const, alsoUsers: users })),
    fc.subarray(world.readers, { minLength: 1 }).map((users) => ({ forUsers: users })),
  )
  const refs = fc.oneof(
    index(world.folders.length).map((i) => ({
      type: 'folder' as const,
      refs: { folder_id: world.folders[i]! },
    })),
    index(world.files.length).map((i) => ({ type: 'file' as const, refs: { file_id: world.files[i]! } })),
    index(world.products.length).map((i) => ({
      type: 'product' as const,
      refs: { product_id: world.products[i]! },
    })),
    index(world.orders.length).map((i) => ({ type: 'order' as const, refs: { order_id: world.orders[i]! } })),
    fc.constantFrom('quote' as const, 'feedback' as const, 'staffFunction' as const).map((type) => ({
      type,
      refs: {},
    })),
  )
  const notifyStep = fc
    .record({ actor, audience, about: refs, created: fc.boolean() })
    .map(({ actor: a, audience: to, about, created }): Step => {
      const actorId = a === null ? null : world.readers[a]!
      return {
        kind: 'notify',
        input: {
          type: about.type,
          action: created ? 'created' : 'updated',
          actor: { id: actorId, name: actorId ? 'Someone' : 'A visitor' },
          mainItem: 'thing',
          audience: to,
          refs: about.refs,
        },
      }
    })
  const reader = index(world.readers.length)
  return fc.oneof(
    { arbitrary: notifyStep, weight: 4 },
    {
      arbitrary: fc.record({
        kind: fc.constantFrom('read' as const, 'unread' as const, 'dismiss' as const),
        reader,
        pick: fc.nat(),
      }),
      weight: 3,
    },
    { arbitrary: fc.record({ kind: fc.constant('readAll' as const), reader }), weight: 1 },
  )
}

async function run(step: Step): Promise<void> {
  const db = t.database.db
  t.clock.advance(1000)
  const now = t.clock.now
  if (step.kind === 'notify') {
    await notify(db, step.input, now)
    return
  }
  const userId = world.readers[step.reader]!
  const recipient = (await recipientById(db, userId))!
  if (step.kind === 'readAll') {
    const newest = await listVisible(db, recipient, now, { read: 'all', limit: 1 })
    if (newest[0]) await reads.markAllReadUpTo(db, userId, newest[0].id, now)
    return
  }
  // Acts on one of the entries the reader sees, as the inbox does.
  const visible = await listVisible(db, recipient, now, { read: 'all', limit: 200 })
  const entry = visible[step.pick % Math.max(1, visible.length)]
  if (!entry) return
  if (step.kind === 'dismiss') await reads.dismiss(db, userId, entry.id, now)
  else await reads.setRead(db, userId, entry.id, step.kind === 'read', now)
}

describe('the unread count', () => {
  it('is the number of unread entries in the list, for every reader, whatever happened', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary(), { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const step of steps) await run(step)
        const db = t.database.db
        for (const userId of world.readers) {
          const recipient = (await recipientById(db, userId))!
          const unread = await listVisible(db, recipient, t.clock.now, { read: 'unread', limit: 1000 })
          expect(await countUnread(db, recipient, t.clock.now), `reader ${recipient.role}`).toBe(
            unread.length,
          )
          // The live stream, oldest first after its cursor, finds what the list shows above it: from the
          // start, and from a few of the entries the list shows.
          const shown = (await listVisible(db, recipient, t.clock.now, { read: 'all', limit: 1000 }))
            .map((n) => n.id)
            .reverse()
          for (const at of [-1, 0, Math.floor(shown.length / 2), shown.length - 1]) {
            const cursor = at < 0 ? BEFORE_ALL : shown[at]
            if (cursor === undefined) continue
            const after = await listVisibleAfter(db, recipient, t.clock.now, cursor, 1000)
            expect(
              after.map((n) => n.id),
              `reader ${recipient.role} after ${at}`,
            ).toEqual(shown.filter((id) => id > cursor))
          }
        }
      }),
      { numRuns: 25 },
    )
  })
})
