import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InboundReader } from '../../src/server/features/inbox/inbound/mailbox-reader'
import { type Dovecot, startDovecot } from '../support/dovecot'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inboundEnv, mid, startReader, stored } from './helpers'
import * as shapes from './mail-shapes'

// Two instances on one database and one mailbox: one reads at a time (the job lease), each message is
// stored once, and when the reader stops the other instance takes over. A mailbox that cannot be
// reached is retried with back-off and shows on the inbox settings.

let dovecot: Dovecot
let a: TestApp
let b: TestApp
const readers: InboundReader[] = []

beforeAll(async () => {
  dovecot = await startDovecot()
  a = await createTestApp({ env: inboundEnv(dovecot.url()) })
  b = await createTestApp({ env: inboundEnv(dovecot.url()), sharedDatabase: a.testDb })
}, 30_000)

afterAll(async () => {
  await Promise.all(readers.map((r) => r.stop()))
  await dovecot?.stop()
})

const message = (n: number, id: string) =>
  shapes.fresh(
    { from: `Sender ${n} <sender${n}@example.com>`, to: 'inbox@biz.example', messageId: id },
    `Message ${n}`,
  )

describe('two instances', () => {
  it('store each message once, and the second takes over when the first stops', async () => {
    const first = startReader(a, 'instance-a', 1_500)
    const second = startReader(b, 'instance-b', 1_500)
    readers.push(first, second)
    const ids = Array.from({ length: 6 }, (_, i) => mid(`pair-${i}`))
    for (const [i, id] of ids.entries()) await dovecot.append(message(i, id))
    for (const id of ids) await stored(a, id)
    // The same messages again, as a redelivery would bring them: nothing new is stored.
    for (const [i, id] of ids.entries()) await dovecot.append(message(i, id))
    const marker = mid('marker')
    await dovecot.append(message(99, marker))
    await stored(a, marker)
    const db = a.database.db
    const ledger = await db.selectFrom('inbound_mails').select('message_id').execute()
    expect(ledger).toHaveLength(7)
    const contacts = await db.selectFrom('contacts').select('email').execute()
    expect(contacts).toHaveLength(7)

    const holder = await db
      .selectFrom('job_leases')
      .selectAll()
      .where('job_name', '=', 'inbound-mail')
      .executeTakeFirstOrThrow()
    const [running, other] = holder.holder === 'instance-a' ? [first, 'instance-b'] : [second, 'instance-a']
    await running.stop()
    const later = mid('later')
    await dovecot.append(message(100, later))
    await stored(a, later)
    const now = await db
      .selectFrom('job_leases')
      .selectAll()
      .where('job_name', '=', 'inbound-mail')
      .executeTakeFirstOrThrow()
    expect(now.holder).toBe(other)
    expect(await db.selectFrom('contacts').select('email').execute()).toHaveLength(8)
  }, 60_000)
})

describe('an unreachable mailbox', () => {
  it('is retried with back-off, and the inbox settings show the error', async () => {
    const c = await createTestApp({ env: { ...inboundEnv('imap://depot:wrong@127.0.0.1:1/INBOX') } })
    const reader = startReader(c, 'instance-c', 1_000)
    readers.push(reader)
    const admin = await signedIn(c, { role: 'admin' })
    const lastError = async () => {
      const res = await call(admin.client, 'GET', '/api/admin/inbox-settings', undefined, 200)
      const { mailbox } = res as { mailbox?: { mailboxes: { lastError: string | null }[] } }
      return mailbox?.mailboxes[0]?.lastError ?? null
    }
    await expect.poll(lastError, { timeout: 10_000, interval: 100 }).not.toBeNull()
    const firstAt = (
      await c.database.db.selectFrom('inbound_mailbox_state').selectAll().executeTakeFirstOrThrow()
    ).last_error_at
    c.clock.advance(1_000)
    // Tried again: the error's time moves on.
    await expect
      .poll(
        async () =>
          (await c.database.db.selectFrom('inbound_mailbox_state').selectAll().executeTakeFirstOrThrow())
            .last_error_at,
        { timeout: 10_000, interval: 100 },
      )
      .not.toBe(firstAt)
  }, 30_000)
})
