import { describe, expect, it } from 'vitest'
import { notify } from '../../src/server/features/notifications/notify'
import { insertFolder } from '../support/factories'
import { grant, signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { folderNews, openStream, type SseReader } from './helpers'

// Every open stream asks the same statement on each pass, compiled once for all the readers alike
// (notification-stream.repository.ts). What differs between readers must still come through: whose
// folders they are in, and, for staff, since when they hold a function.

describe('streams of several readers on one instance', () => {
  it('each deliver what their own reader may see', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const actor = await signedIn(t, { name: 'Acting Admin', role: 'admin' })
    // Both handle feedback: the second from a minute after the first; the feedback below is made
    // between the two starts (recorded when the admin gave the function).
    const early = await signedIn(t, { name: 'Early Staff', role: 'staff' })
    const late = await signedIn(t, { name: 'Late Staff', role: 'staff' })
    await call(actor, 'PATCH', `/api/admin/users/${early.id}`, { staffFunctions: ['ManageFeedback'] })
    const between = new Date(t.clock.now.getTime() + 30_000)
    t.clock.advance(60_000)
    await call(actor, 'PATCH', `/api/admin/users/${late.id}`, { staffFunctions: ['ManageFeedback'] })
    const ann = await signedIn(t, { name: 'Ann Customer' })
    const bob = await signedIn(t, { name: 'Bob Customer' })
    const annsFolder = await insertFolder(db, { type: 'locked', folder_name: 'Ann only' })
    const bobsFolder = await insertFolder(db, { type: 'locked', folder_name: 'Bob only' })
    await grant(t, annsFolder.id, ann.id, 'viewer')
    await grant(t, bobsFolder.id, bob.id, 'viewer')

    // The early staff member's and Ann's streams open first, so theirs are the passes compiled first.
    const streams: Record<string, SseReader> = {}
    for (const [name, person] of Object.entries({ early, ann, late, bob }))
      streams[name] = await openStream(person)
    try {
      const feedback = await notify(
        db,
        {
          type: 'feedback',
          action: 'created',
          actor: { id: null, name: 'A visitor' },
          mainItem: 'Lovely shop',
          audience: { forAll: true },
        },
        between,
      )
      const forAnn = await notify(db, folderNews(actor, annsFolder.id), t.clock.now)
      const forBob = await notify(db, folderNews(actor, bobsFolder.id), t.clock.now)

      const ids = async (name: string, count: number) =>
        (await streams[name]!.collect(count)).map((event) => event.id)
      expect(await ids('early', 1)).toEqual([feedback])
      expect(await ids('ann', 1)).toEqual([forAnn])
      expect(await ids('bob', 1)).toEqual([forBob])
      // Nothing else reached any of them; the late staff member has nothing at all.
      for (const name of ['early', 'ann', 'bob', 'late'])
        expect(await streams[name]!.collect(1, 'notification', 300), name).toEqual([])
    } finally {
      for (const stream of Object.values(streams)) await stream.close()
    }
  })
})
