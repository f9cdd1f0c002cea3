import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  audienceFrom,
  type NotificationAudience,
} from '../../src/server/features/notifications/notification-audience'
import { notificationAudience } from '../../src/server/features/notifications/notification-audience.repository'
import { NOTIFY_CHANNEL } from '../../src/server/features/notifications/notification-bus'
import { type Poke, readPoke } from '../../src/server/features/notifications/notification-poke'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { insertFolder } from '../support/factories'
import { grant, insertUser, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'
import { boardWithMembers, folderNews, openStream } from './helpers'

// On PostgreSQL every instance hears every new notification, and each must know whose streams to
// wake. The statement that records a notification tells, in its poke, who could see it, so no
// instance asks the database; when that would not fit a payload, the poke is the id alone and each
// instance asks, as before.

/** The statement notificationAudience() runs: the hub asks it only when the poke does not tell. */
const AUDIENCE_STATEMENT = `'notification' as part`

let t: TestApp
let actor: Person
let listener: pg.Client
const payloads: string[] = []
let statements: string[] = []

beforeAll(async () => {
  if (testDialect() !== 'postgres') return
  t = await createTestApp({ onQuery: (sql) => statements.push(sql) })
  actor = await signedIn(t, { name: 'Poking Actor', role: 'admin' })
  if (t.testDb.config.dialect !== 'postgres') throw new Error('a PostgreSQL test database')
  listener = new pg.Client({ connectionString: t.testDb.config.url })
  await listener.connect()
  listener.on('notification', (message) => {
    if (message.channel === NOTIFY_CHANNEL && message.payload) payloads.push(message.payload)
  })
  await listener.query(`LISTEN ${NOTIFY_CHANNEL}`)
})

afterAll(async () => {
  await listener?.end()
})

const who = () => ({ id: actor.id, name: actor.name })
const send = (input: NotificationInput) => notify(t.database.db, input, t.clock.now)

/** The payload of the poke that announced `id`, as this test's own listener heard it. */
async function payloadOf(id: string): Promise<string> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = payloads.find((p) => p === id || readPoke(p).id === id)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no poke for ${id}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function comparable(audience: NotificationAudience) {
  return audience.kind === 'users' ? { ...audience, userIds: [...audience.userIds].sort() } : audience
}

/** The audience the poke tells, beside the one read from the notification's row. */
async function bothAudiences(id: string) {
  const poke: Poke = readPoke(await payloadOf(id))
  expect(poke.id).toBe(id)
  expect(poke.facts, 'the poke tells who could see it').not.toBeNull()
  return {
    told: comparable(audienceFrom(poke.facts!)),
    read: comparable(await notificationAudience(t.database.db, id)),
  }
}

describe.skipIf(testDialect() !== 'postgres')('the poke of a new notification on PostgreSQL', () => {
  it('tells who could see it, as the row does, for every kind of audience', async () => {
    const { member, subMember, elsewhere, minutes, secret, file } = await boardWithMembers(t)
    const open = await insertFolder(t.database.db, { type: 'public', folder_name: 'Open' })

    const cases: Array<[NotificationInput, NotificationAudience]> = [
      [folderNews(actor, minutes.id), { kind: 'users', actorId: actor.id, userIds: new Set([member.id]) }],
      [folderNews(actor, secret.id), { kind: 'users', actorId: actor.id, userIds: new Set([subMember.id]) }],
      [
        {
          type: 'file',
          action: 'updated',
          actor: who(),
          mainItem: 'march.pdf',
          audience: { forAll: true, alsoUsers: [elsewhere.id] },
          refs: { file_id: file.id },
        },
        { kind: 'users', actorId: actor.id, userIds: new Set([member.id, elsewhere.id]) },
      ],
      [folderNews(actor, open.id), { kind: 'everyone', actorId: actor.id }],
      [
        { type: 'product', action: 'created', actor: who(), mainItem: 'Guide', audience: { forAll: true } },
        { kind: 'everyone', actorId: actor.id },
      ],
      [
        {
          type: 'quote',
          action: 'created',
          actor: { id: null, name: 'Depot' },
          audience: { forUsers: [member.id] },
        },
        { kind: 'users', actorId: null, userIds: new Set([member.id]) },
      ],
    ]
    for (const [input, expected] of cases) {
      const { told, read } = await bothAudiences(await send(input))
      expect(told, input.type).toEqual(comparable(expected))
      expect(told, input.type).toEqual(read)
    }
  })

  it('wakes the streams it is for without asking the database who they are', async () => {
    const db = t.database.db
    const member = await signedIn(t, { name: 'Poked Member' })
    const outsider = await signedIn(t, { name: 'Unpoked Outsider' })
    const board = await insertFolder(db, { type: 'locked', folder_name: 'Quiet board' })
    await grant(t, board.id, member.id, 'viewer')
    const streams = { member: await openStream(member), outsider: await openStream(outsider) }
    try {
      const hub = t.deps.notificationHub
      await hub.listenerReady()
      const before = hub.streamWakes()
      statements = []
      const id = await send(folderNews(actor, board.id))
      expect((await streams.member.collect(1))[0]?.id).toBe(id)
      expect(hub.streamWakes() - before).toBe(1)
      expect(statements.filter((s) => s.includes(AUDIENCE_STATEMENT))).toEqual([])
      expect(await streams.outsider.collect(1, 'notification', 300)).toEqual([])
    } finally {
      await streams.member.close()
      await streams.outsider.close()
    }
  })

  it('is the id alone when the folder has too many members to tell, and each instance then asks', async () => {
    const db = t.database.db
    const crowd = await insertFolder(db, { type: 'locked', folder_name: 'Crowded' })
    const member = await signedIn(t, { name: 'One Of Many' })
    await grant(t, crowd.id, member.id, 'viewer')
    // Some 40 bytes a member in the payload: 240 of them are past PostgreSQL's 8,000.
    for (let batch = 0; batch < 8; batch++) {
      await Promise.all(
        Array.from({ length: 30 }, async () => grant(t, crowd.id, (await insertUser(db)).id, 'viewer')),
      )
    }
    const stream = await openStream(member)
    try {
      await t.deps.notificationHub.listenerReady()
      statements = []
      const id = await send(folderNews(actor, crowd.id))
      expect(await payloadOf(id)).toBe(id)
      expect((await stream.collect(1))[0]?.id).toBe(id)
      expect(statements.filter((s) => s.includes(AUDIENCE_STATEMENT))).toHaveLength(1)
    } finally {
      await stream.close()
    }
  })
})

describe('a poke as the hub reads it', () => {
  it('is an id alone, an id with the facts, or, when it cannot be read, news for everyone', () => {
    expect(readPoke('0190a7e2-0000-7000-8000-000000000001')).toEqual({
      id: '0190a7e2-0000-7000-8000-000000000001',
      facts: null,
    })
    const told = readPoke(
      JSON.stringify({
        id: 'n1',
        actor: 'u0',
        forAll: true,
        type: 'folder',
        folder: 'f1',
        listed: ['u2'],
        members: ['u1', 'u2'],
      }),
    )
    expect(told.id).toBe('n1')
    expect(comparable(audienceFrom(told.facts!))).toEqual({
      kind: 'users',
      actorId: 'u0',
      userIds: ['u1', 'u2'],
    })
    // Cut short, or of another shape: whoever sent it, every stream re-queries.
    for (const unreadable of ['{"id":"n1","actor"', '{"id":"n1"}', '{"id":"n1","type":"spam"}'])
      expect(readPoke(unreadable)).toEqual({ id: undefined, facts: null })
    expect(readPoke(undefined)).toEqual({ id: undefined, facts: null })
  })
})
