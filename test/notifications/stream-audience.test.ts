import { beforeAll, describe, expect, it } from 'vitest'
import { notificationAudience } from '../../src/server/features/notifications/notification-audience.repository'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { insertFolder } from '../support/factories'
import { grant, insertUser, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { boardWithMembers, folderNews, openStream } from './helpers'

// A new notification wakes only the open streams whose reader could possibly see it (the folder's
// members, the listed recipients), never the actor's: with many readers online, every notification
// must not make every stream query the database. The woken stream still decides what to send.

let t: TestApp
let actor: Person

beforeAll(async () => {
  t = await createTestApp()
  actor = await signedIn(t, { name: 'Actor Tester', role: 'admin' })
})

const who = () => ({ id: actor.id, name: actor.name })
const send = (input: NotificationInput) => notify(t.database.db, input, t.clock.now)

async function audienceOf(id: string) {
  const audience = await notificationAudience(t.database.db, id)
  if (audience.kind !== 'users') return audience
  return { ...audience, userIds: [...audience.userIds].sort() }
}

describe('who a new notification is for', () => {
  it('is a locked folder’s members, through its public subfolders and files, never the whole public', async () => {
    const { member, subMember, elsewhere, minutes, secret, file } = await boardWithMembers(t)

    const inMinutes = await send(folderNews(actor, minutes.id))
    expect(await audienceOf(inMinutes)).toEqual({ kind: 'users', actorId: actor.id, userIds: [member.id] })
    // A locked subfolder: its own grants only, not its parents'.
    expect(await audienceOf(await send(folderNews(actor, secret.id)))).toEqual({
      kind: 'users',
      actorId: actor.id,
      userIds: [subMember.id],
    })
    // A file named by its id only: its folder's members.
    const aboutFile = await send({
      type: 'file',
      action: 'updated',
      actor: who(),
      mainItem: 'march.pdf',
      audience: { forAll: true, alsoUsers: [elsewhere.id] },
      refs: { file_id: file.id },
    })
    expect(await audienceOf(aboutFile)).toEqual({
      kind: 'users',
      actorId: actor.id,
      userIds: [elsewhere.id, member.id].sort(),
    })
  })

  it('is everyone under a public top-level folder and for broadcasts about no folder', async () => {
    const db = t.database.db
    const open = await insertFolder(db, { type: 'public', folder_name: 'Open' })
    const inside = await insertFolder(db, { type: 'public', folder_name: 'Inside', parent_id: open.id })
    expect(await audienceOf(await send(folderNews(actor, inside.id)))).toEqual({
      kind: 'everyone',
      actorId: actor.id,
    })
    const product = await send({
      type: 'product',
      action: 'created',
      actor: who(),
      mainItem: 'Guide',
      audience: { forAll: true },
    })
    expect(await audienceOf(product)).toEqual({ kind: 'everyone', actorId: actor.id })
  })

  it('is only the listed users for a notification addressed to them, and nobody for one rolled back', async () => {
    const db = t.database.db
    const reader = await insertUser(db)
    const listed = await send({
      type: 'quote',
      action: 'created',
      actor: who(),
      mainItem: 'Quote',
      audience: { forUsers: [reader.id] },
    })
    expect(await audienceOf(listed)).toEqual({ kind: 'users', actorId: actor.id, userIds: [reader.id] })

    let rolledBack = ''
    await expect(
      db.transaction().execute(async (trx) => {
        rolledBack = await notify(
          trx,
          folderNews(actor, (await insertFolder(trx, { type: 'public' })).id),
          t.clock.now,
        )
        throw new Error('undo')
      }),
    ).rejects.toThrow('undo')
    expect(await audienceOf(rolledBack)).toEqual({ kind: 'nobody' })
  })
})

describe('the open streams a notification wakes', () => {
  it('are its possible readers’ only: not the actor’s, not anyone else’s', async () => {
    const db = t.database.db
    const member = await signedIn(t, { name: 'Member Tester' })
    const outsider = await signedIn(t, { name: 'Outsider Tester' })
    const board = await insertFolder(db, { type: 'locked', folder_name: 'Board' })
    await grant(t, board.id, member.id, 'editor')
    await grant(t, board.id, actor.id, 'editor')

    const streams = {
      member: await openStream(member),
      outsider: await openStream(outsider),
      actor: await openStream(actor),
    }
    try {
      const hub = t.deps.notificationHub
      expect(hub.openStreams()).toBe(3)

      // One poke decides every stream at once: once the member has it, the count is final.
      const before = hub.streamWakes()
      const id = await send(folderNews(actor, board.id))
      const [delivered] = await streams.member.collect(1)
      expect(delivered?.id).toBe(id)
      expect(hub.streamWakes() - before).toBe(1)

      // Addressed to the outsider: their stream alone.
      const next = hub.streamWakes()
      const quote = await send({
        type: 'quote',
        action: 'created',
        actor: who(),
        mainItem: 'Quote',
        audience: { forUsers: [outsider.id] },
      })
      expect((await streams.outsider.collect(1))[0]?.id).toBe(quote)
      expect(hub.streamWakes() - next).toBe(1)

      // Neither of the two reached the actor's stream or the one it was not for.
      expect(await streams.actor.collect(1, 'notification', 300)).toEqual([])
      expect(await streams.outsider.collect(1, 'notification', 300)).toEqual([])
    } finally {
      for (const stream of Object.values(streams)) await stream.close()
    }
  })
})
