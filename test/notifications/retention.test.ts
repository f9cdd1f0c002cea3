import { describe, expect, it } from 'vitest'
import { purgeNotifications } from '../../src/server/features/notifications/notifications.retention'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inboxIds } from './helpers'

// Retention (product.md §5): read notifications go after 90 days, all after 365, with their read
// records. Read state is per person: addressed rows go once every recipient has read them; each
// person's read entries leave their inbox after 90 days; broadcasts are deleted at 365 days.

const DAY = 24 * 60 * 60 * 1000

describe('purgeNotifications', () => {
  it('deletes exactly the expired and the fully read old rows, with their read records', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const now = t.clock.now
    const ago = (days: number) => new Date(now.getTime() - days * DAY)
    const actor = await signedIn(t, {
      name: 'Caller Tester',
      role: 'admin',
      createdAt: ago(500).toISOString(),
    })
    const a = await signedIn(t, { name: 'Ann Tester', role: 'admin', createdAt: ago(500).toISOString() })
    const b = await signedIn(t, { name: 'Ben Tester', role: 'admin', createdAt: ago(500).toISOString() })
    const note = (audience: NotificationInput['audience']): NotificationInput => ({
      type: 'quote',
      action: 'created',
      actor: { id: actor.id, name: actor.name },
      audience,
    })
    const to = (...ids: string[]) => note({ forUsers: ids })
    const read = (p: typeof a, id: string) =>
      p.client
        .json(`/api/notifications/${id}`, 'PATCH', { read: true })
        .then((r) => expect(r.status).toBe(200))

    const rows = {
      expiredBroadcast: await notify(db, note({ forAll: true }), ago(400)),
      expiredUnread: await notify(db, to(a.id), ago(366)),
      oldBroadcastRead: await notify(db, note({ forAll: true }), ago(100)),
      oldAllRead: await notify(db, to(a.id, b.id), ago(100)),
      oldPartlyRead: await notify(db, to(a.id, b.id), ago(100)),
      youngRead: await notify(db, to(a.id), ago(30)),
      oldReadAndActor: await notify(db, to(actor.id, b.id), ago(95)),
      oldDismissed: await notify(db, to(b.id), ago(91)),
    }
    // Read on their own terms: A explicitly; B through "mark all read" up to oldAllRead.
    // Past 365 days nothing shows, read or not: the job deletes what is already out of sight.
    await call(a.client, 'PATCH', `/api/notifications/${rows.expiredBroadcast}`, { read: true }, 404)
    await t.database.db
      .insertInto('notification_reads')
      .values({
        user_id: a.id,
        notification_id: rows.expiredBroadcast,
        readAt: ago(300).toISOString(),
        dismissedAt: null,
        updatedAt: ago(300).toISOString(),
      })
      .execute()
    await read(a, rows.oldBroadcastRead)
    await read(a, rows.oldAllRead)
    await read(a, rows.oldPartlyRead)
    await read(a, rows.youngRead)
    await call(b.client, 'POST', '/api/notifications/read-all', { upTo: rows.oldAllRead }, 200)
    await call(b.client, 'PATCH', `/api/notifications/${rows.oldPartlyRead}`, { read: false })
    await read(b, rows.oldReadAndActor)
    await call(b.client, 'DELETE', `/api/notifications/${rows.oldDismissed}`, undefined, 204)

    // Before the purge, each person's read entries older than 90 days have left their inbox already.
    expect(await inboxIds(a)).not.toContain(rows.oldBroadcastRead)
    expect(await inboxIds(b)).not.toContain(rows.oldAllRead)
    expect(await inboxIds(b)).toContain(rows.oldPartlyRead)

    const result = await purgeNotifications(db, now)
    expect(result).toEqual({ expired: 2, read: 3 })

    const left = (await db.selectFrom('notifications').select('id').execute()).map((r) => r.id).sort()
    expect(left).toEqual([rows.oldBroadcastRead, rows.oldPartlyRead, rows.youngRead].sort())
    const reads = await db.selectFrom('notification_reads').select('notification_id').execute()
    expect(new Set(reads.map((r) => r.notification_id))).toEqual(
      new Set([rows.oldBroadcastRead, rows.oldPartlyRead, rows.youngRead]),
    )
    const recipients = await db.selectFrom('notification_recipients').select('notification_id').execute()
    expect(recipients.every((r) => left.includes(r.notification_id))).toBe(true)

    // Running it again finds nothing more; the unread one is still in B's inbox.
    expect(await purgeNotifications(db, now)).toEqual({ expired: 0, read: 0 })
    expect(await inboxIds(b)).toContain(rows.oldPartlyRead)
  })
})
