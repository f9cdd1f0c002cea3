import { beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import { REPLY_LIMIT } from '../../src/server/features/inbox/conversations.service'
import { newId } from '../../src/server/lib/ids'
import type { CookieClient } from '../support/http-client'
import { type Person, signedIn } from '../support/people'
import type { TestApp } from '../support/test-app'
import { inboxApp } from './helpers'

// The conversation on a quote request or contact message: staff reply by e-mail (through the outbox,
// to the sender only, from the business with a Reply-To back to it), keep internal notes that are
// never mailed, see the thread in order with who wrote what, assign an entry to a teammate (who is
// told) and filter the tables by "assigned to me". Replies are rate limited; replies and assignments
// are audited.

let t: TestApp
let tess: Person
let ivy: Person
let admin: Person
let customer: CookieClient
let shopStaff: Person

async function insertQuote(overrides: Partial<DB['quote_requests']> = {}) {
  const stamp = t.clock.now.toISOString()
  const row = {
    id: newId(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    business_name: 'Engines Ltd',
    industry: null,
    email: `ada-${newId()}@example.com`,
    phone: null,
    service: null,
    message: 'Please quote for 3 engines.',
    status: 'pending' as const,
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  }
  await t.database.db.insertInto('quote_requests').values(row).execute()
  return row
}

async function insertContact() {
  const stamp = t.clock.now.toISOString()
  const row = {
    id: newId(),
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `grace-${newId()}@example.com`,
    subject: 'Opening hours',
    message: 'When are you open on Saturdays?',
    status: 'pending' as const,
    createdAt: stamp,
    updatedAt: stamp,
  }
  await t.database.db.insertInto('contacts').values(row).execute()
  return row
}

const outboxTo = (address: string) =>
  t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).execute()

const auditOf = (action: string) =>
  t.database.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute()

async function notificationsOf(person: Person) {
  const res = await person.client.json('/api/notifications')
  expect(res.status).toBe(200)
  const body = (await res.json()) as {
    items: { type: string; action: string; mainItem: string | null; link: string | null }[]
  }
  return body.items
}

beforeAll(async () => {
  t = await inboxApp()
  tess = await signedIn(t, {
    role: 'staff',
    functions: ['ManageFeedback'],
    first_name: 'Tess',
    last_name: 'Triage',
  })
  ivy = await signedIn(t, {
    role: 'staff',
    functions: ['ManageFeedback'],
    first_name: 'Ivy',
    last_name: 'Inbox',
  })
  admin = await signedIn(t, { role: 'admin', first_name: 'Ada', last_name: 'Admin' })
  customer = (await signedIn(t)).client
  shopStaff = await signedIn(t, { role: 'staff', functions: ['AccessShop'] })
})

describe('replies', () => {
  it('mails the sender alone from the business, keeps the reply on the thread, and audits it', async () => {
    const quote = await insertQuote()
    const res = await tess.client.json(`/api/inbox/quotes/${quote.id}/replies`, 'POST', {
      body: 'Hello Ada,\n\nThree engines come to ₦1,500,000.',
    })
    expect(res.status).toBe(201)
    const reply = (await res.json()) as {
      id: string
      kind: string
      author: { name: string }
      delivery: string
    }
    expect(reply).toMatchObject({
      kind: 'reply',
      author: { id: tess.id, name: tess.name },
      delivery: 'queued',
    })

    const mails = await outboxTo(quote.email)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.subject).toContain('Re: your quote request')
    expect(mail.text_body).toContain('Three engines come to ₦1,500,000.')
    expect(mail.text_body).toContain('Hi Ada,')
    expect(mail.text_body).toContain(tess.name)
    // No support address is configured: answers go to the person who replied.
    expect(mail.reply_to).toBe(tess.email)
    expect(mail.template).toBe('inbox-reply-quote')

    const thread = await tess.client.json(`/api/inbox/quotes/${quote.id}/messages`)
    expect(thread.status).toBe(200)
    const { items } = (await thread.json()) as { items: { id: string; body: string; kind: string }[] }
    expect(items.map((m) => [m.kind, m.body])).toEqual([
      ['reply', 'Hello Ada,\n\nThree engines come to ₦1,500,000.'],
    ])

    const audits = await auditOf('inbox.replied')
    expect(audits.some((a) => JSON.parse(a.details as string).id === quote.id)).toBe(true)
  })

  it('goes out with the site’s support address as Reply-To when the business has one', async () => {
    const identity = { name: 'Engines Ltd', accentColor: '#4338ca' }
    const put = await admin.client.json('/api/admin/site', 'PUT', {
      ...identity,
      supportEmail: 'help@business.example',
    })
    expect(put.status).toBe(200)
    const contact = await insertContact()
    const res = await ivy.client.json(`/api/inbox/contacts/${contact.id}/replies`, 'POST', {
      body: 'We open at 10 on Saturdays.',
    })
    expect(res.status).toBe(201)
    const [mail] = await outboxTo(contact.email)
    expect(mail?.reply_to).toBe('help@business.example')
    expect(mail?.subject).toContain('Re: Opening hours')
    const reset = await admin.client.json('/api/admin/site', 'PUT', { ...identity, supportEmail: '' })
    expect(reset.status).toBe(200)
  })

  it('refuses an empty or oversized reply with a field error, and an unknown entry with 404', async () => {
    const quote = await insertQuote()
    const empty = await tess.client.json(`/api/inbox/quotes/${quote.id}/replies`, 'POST', { body: '   ' })
    expect(empty.status).toBe(422)
    expect(JSON.stringify(await empty.json())).toContain('Write the message.')
    const huge = await tess.client.json(`/api/inbox/quotes/${quote.id}/replies`, 'POST', {
      body: 'x'.repeat(10_001),
    })
    expect(huge.status).toBe(422)
    const missing = await tess.client.json(`/api/inbox/quotes/${newId()}/replies`, 'POST', { body: 'Hi' })
    expect(missing.status).toBe(404)
    expect(await outboxTo(quote.email)).toHaveLength(0)
  })

  it('is rate limited per staff member, with Retry-After', async () => {
    const person = await signedIn(t, { role: 'staff', functions: ['ManageFeedback'] })
    const quote = await insertQuote()
    for (let i = 0; i < REPLY_LIMIT.limit; i++) {
      const ok = await person.client.json(`/api/inbox/quotes/${quote.id}/replies`, 'POST', {
        body: `Reply ${i}`,
      })
      expect(ok.status).toBe(201)
    }
    const limited = await person.client.json(`/api/inbox/quotes/${quote.id}/replies`, 'POST', {
      body: 'One more',
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await outboxTo(quote.email)).toHaveLength(REPLY_LIMIT.limit)
    // Another teammate is not held back by it.
    const other = await ivy.client.json(`/api/inbox/quotes/${quote.id}/replies`, 'POST', { body: 'From Ivy' })
    expect(other.status).toBe(201)
  })
})

describe('internal notes', () => {
  it('are kept on the thread in order with their author, and never mailed', async () => {
    const contact = await insertContact()
    const note = await tess.client.json(`/api/inbox/contacts/${contact.id}/notes`, 'POST', {
      body: 'Regular customer; check the Saturday rota.',
    })
    expect(note.status).toBe(201)
    t.clock.advance(1000)
    const reply = await ivy.client.json(`/api/inbox/contacts/${contact.id}/replies`, 'POST', {
      body: 'Open at 10.',
    })
    expect(reply.status).toBe(201)

    const res = await admin.client.json(`/api/inbox/contacts/${contact.id}/messages`)
    const { items } = (await res.json()) as {
      items: {
        kind: string
        body: string
        author: { name: string }
        createdAt: string
        delivery: string | null
      }[]
    }
    expect(items.map((m) => [m.kind, m.author.name, m.delivery])).toEqual([
      ['note', tess.name, null],
      ['reply', ivy.name, 'queued'],
    ])
    expect(items[0]!.createdAt < items[1]!.createdAt).toBe(true)
    const mails = await outboxTo(contact.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text_body).not.toContain('Saturday rota')
  })

  it('go with the entry when it is deleted', async () => {
    const quote = await insertQuote()
    await tess.client.json(`/api/inbox/quotes/${quote.id}/notes`, 'POST', { body: 'Note' })
    const del = await tess.client.json(`/api/inbox/quotes/${quote.id}`, 'DELETE')
    expect(del.status).toBe(204)
    const left = await t.database.db
      .selectFrom('inbox_messages')
      .select('id')
      .where('quote_id', '=', quote.id)
      .execute()
    expect(left).toEqual([])
  })
})

describe('who may converse', () => {
  it('customers, visitors and staff without ManageFeedback see and write nothing', async () => {
    const quote = await insertQuote()
    for (const client of [customer, shopStaff.client]) {
      expect((await client.json(`/api/inbox/quotes/${quote.id}/messages`)).status).toBe(403)
      expect(
        (await client.json(`/api/inbox/quotes/${quote.id}/replies`, 'POST', { body: 'Hi' })).status,
      ).toBe(403)
      expect((await client.json(`/api/inbox/quotes/${quote.id}/notes`, 'POST', { body: 'Hi' })).status).toBe(
        403,
      )
      expect(
        (await client.json(`/api/inbox/quotes/${quote.id}/assignee`, 'PUT', { userId: null })).status,
      ).toBe(403)
      expect((await client.json('/api/inbox/assignees')).status).toBe(403)
    }
    expect((await t.request(`/api/inbox/quotes/${quote.id}/messages`)).status).toBe(401)
    expect(await outboxTo(quote.email)).toHaveLength(0)
  })
})

describe('assignment', () => {
  it('lists the teammates who may be given an entry', async () => {
    const res = await tess.client.json('/api/inbox/assignees')
    expect(res.status).toBe(200)
    const { items } = (await res.json()) as { items: { id: string }[] }
    const ids = items.map((i) => i.id)
    expect(ids).toEqual(expect.arrayContaining([tess.id, ivy.id, admin.id]))
    expect(ids).not.toContain(shopStaff.id)
  })

  it('gives the entry to a teammate, tells them, audits it, and filters "assigned to me"', async () => {
    const quote = await insertQuote({ first_name: 'Assign', last_name: 'Me' })
    const res = await tess.client.json(`/api/inbox/quotes/${quote.id}/assignee`, 'PUT', { userId: ivy.id })
    expect(res.status).toBe(200)
    const detail = (await res.json()) as {
      assignedTo: { id: string; name: string } | null
      assignedAt: string
    }
    expect(detail.assignedTo).toEqual({ id: ivy.id, name: ivy.name })
    expect(detail.assignedAt).toBeTruthy()

    const told = (await notificationsOf(ivy)).find((n) => n.type === 'quote' && n.mainItem === 'Assign Me')
    expect(told).toMatchObject({ action: 'updated', link: '/staff/quotes?assigned=me' })
    // Nobody else is told about someone else's assignment.
    expect(
      (await notificationsOf(admin)).some((n) => n.mainItem === 'Assign Me' && n.action === 'updated'),
    ).toBe(false)

    const mine = await ivy.client.json('/api/inbox/quotes?assigned=me&pageSize=100')
    const mineIds = ((await mine.json()) as { items: { id: string }[] }).items.map((i) => i.id)
    expect(mineIds).toContain(quote.id)
    const tessMine = await tess.client.json('/api/inbox/quotes?assigned=me&pageSize=100')
    expect(((await tessMine.json()) as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(
      quote.id,
    )
    const nobody = await tess.client.json('/api/inbox/quotes?assigned=nobody&pageSize=100')
    expect(((await nobody.json()) as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(
      quote.id,
    )

    const audits = await auditOf('inbox.assigned')
    expect(audits.some((a) => JSON.parse(a.details as string).assignedTo === ivy.id)).toBe(true)

    // Unassigning clears both fields; the entry shows under "nobody" again.
    const cleared = await tess.client.json(`/api/inbox/quotes/${quote.id}/assignee`, 'PUT', { userId: null })
    expect(await cleared.json()).toMatchObject({ assignedTo: null, assignedAt: null })
    const again = await tess.client.json('/api/inbox/quotes?assigned=nobody&pageSize=100')
    expect(((await again.json()) as { items: { id: string }[] }).items.map((i) => i.id)).toContain(quote.id)
  })

  it('refuses people who cannot see the inbox, and an invalid filter', async () => {
    const contact = await insertContact()
    const toShop = await tess.client.json(`/api/inbox/contacts/${contact.id}/assignee`, 'PUT', {
      userId: shopStaff.id,
    })
    expect(toShop.status).toBe(422)
    expect(JSON.stringify(await toShop.json())).toContain('Choose a teammate who can see the inbox.')
    const unknown = await tess.client.json(`/api/inbox/contacts/${contact.id}/assignee`, 'PUT', {
      userId: newId(),
    })
    expect(unknown.status).toBe(422)
    const bad = await tess.client.json(`/api/inbox/contacts/${contact.id}/assignee`, 'PUT', { userId: 'ivy' })
    expect(bad.status).toBe(422)
    const filter = await tess.client.json('/api/inbox/contacts?assigned=everyone')
    expect(filter.status).toBe(422)
  })

  it('assigning to oneself tells nobody', async () => {
    const contact = await insertContact()
    const before = (await notificationsOf(tess)).length
    const res = await tess.client.json(`/api/inbox/contacts/${contact.id}/assignee`, 'PUT', {
      userId: tess.id,
    })
    expect(res.status).toBe(200)
    expect(await notificationsOf(tess)).toHaveLength(before)
  })
})
