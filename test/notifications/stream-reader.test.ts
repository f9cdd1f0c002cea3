import { beforeAll, describe, expect, it } from 'vitest'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { IDLE_TIMEOUT_MS, TOUCH_INTERVAL_MS } from '../../src/server/policies/session.policy'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { openStream } from './helpers'

// The notification stream keeps its reader (role, settings) and their session's state between
// passes and reads them again when told their access changed or on the heartbeat: a change of
// settings applies at once, and a session that ended by time (idle too long) ends the stream on its
// next pass, unless another request kept it alive meanwhile. This file moves its own app's clock.

let t: TestApp
let actor: Person

beforeAll(async () => {
  t = await createTestApp()
  actor = await signedIn(t, { name: 'Caller Tester', role: 'admin' })
})

const send = (input: NotificationInput) => notify(t.database.db, input, t.clock.now)
/** Of the inbox kind: turned off with `inbox: 'off'`. */
const quoteFor = (reader: Person): NotificationInput => ({
  type: 'quote',
  action: 'created',
  actor: { id: actor.id, name: actor.name },
  mainItem: 'Quote',
  audience: { forUsers: [reader.id] },
})
/** Account and security: no setting turns it off. */
const functionsFor = (reader: Person): NotificationInput => ({
  type: 'staffFunction',
  action: 'updated',
  actor: { id: actor.id, name: actor.name },
  mainItem: 'no staff functions',
  subItem: reader.name,
  audience: { forUsers: [reader.id] },
})

async function saveSettings(person: Person, inbox: 'bell' | 'off') {
  await call(person.client, 'PUT', '/api/notifications/settings', {
    files: 'bell',
    shop: 'bell',
    inbox,
    digest: 'hourly',
  })
}

describe('the reader a notification stream keeps', () => {
  it('follows their settings at once: a kind turned off stops coming, and comes again when turned on', async () => {
    const reader = await signedIn(t, { name: 'Settings Reader' })
    const stream = await openStream(reader)
    const first = await send(quoteFor(reader))
    expect((await stream.collect(1)).map((e) => e.id)).toEqual([first])

    await saveSettings(reader, 'off')
    expect(await stream.collect(1, 'access')).toHaveLength(1)
    await send(quoteFor(reader))
    const always = await send(functionsFor(reader))
    // Both woke the stream in order; only the one no setting mutes came.
    expect((await stream.collect(1)).map((e) => e.id)).toEqual([always])

    await saveSettings(reader, 'bell')
    expect(await stream.collect(1, 'access')).toHaveLength(1)
    const again = await send(quoteFor(reader))
    expect((await stream.collect(1)).map((e) => e.id)).toEqual([again])
    await stream.close()
  })

  it('ends on the next pass once the session has been idle too long, with nothing else to tell it', async () => {
    const reader = await signedIn(t, { name: 'Idle Reader' })
    const stream = await openStream(reader)
    const live = await send(quoteFor(reader))
    expect((await stream.collect(1)).map((e) => e.id)).toEqual([live])

    t.clock.advance(IDLE_TIMEOUT_MS + TOUCH_INTERVAL_MS)
    await send(quoteFor(reader))
    const [end] = await stream.collect(1, 'end')
    expect(JSON.parse(end!.data)).toEqual({ reason: 'session_ended' })
    expect(await stream.ended()).toBe(true)
  })

  it('stays open when another request kept the session alive since the stream last read it', async () => {
    const reader = await signedIn(t, { name: 'Busy Reader' })
    const stream = await openStream(reader)
    const live = await send(quoteFor(reader))
    expect((await stream.collect(1)).map((e) => e.id)).toEqual([live])

    // A request near the end of the idle time keeps the session alive; the stream does not hear of it.
    t.clock.advance(IDLE_TIMEOUT_MS - TOUCH_INTERVAL_MS)
    await call(reader.client, 'GET', '/api/notifications/unread-count')
    t.clock.advance(2 * TOUCH_INTERVAL_MS)
    const later = await send(quoteFor(reader))
    expect((await stream.collect(1)).map((e) => e.id)).toEqual([later])
    await stream.close()
  })
})
