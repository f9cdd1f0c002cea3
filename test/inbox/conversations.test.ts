import { beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import { REPLY_LIMIT } from '../../src/server/features/inbox/conversations.service'
import { newId } from '../../src/server/lib/ids'
import type { CookieClient } from '../support/http-client'
import { type Person, signedIn } from '../support/people'
import type { TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
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
  const res = await call(person.client, 'GET', '/api/notifications', undefined, 200)
  const body = res as {
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
    const res = await call(
      tess.client,
      'POST',
      `/api/inbox/quotes/${quote.id}/replies`,
      {
        body: 'Hello Ada,\n\nThree engines come to ₦1,500,000.',
      },
      201,
    )
    const reply = res as {
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
    expect(mail.text_body).toContain('Hello Ada,')
    expect(mail.text_body).not.toContain('Hi Ada,')
    expect(mail.text_body).toContain(tess.name)
    // No support address is configured: answers go to the person who replied.
    expect(mail.reply_to).toBe(tess.email)
    expect(mail.template).toBe('inbox-reply-quote')

    const thread = await call(tess.client, 'GET', `/api/inbox/quotes/${quote.id}/messages`, undefined, 200)
    const { items } = thread as { items: { id: string; body: string; kind: string }[] }
    expect(items.map((m) => [m.kind, m.body])).toEqual([
      ['reply', 'Hello Ada,\n\nThree engines come to ₦1,500,000.'],
    ])

    const audits = await auditOf('inbox.replied')
    expect(audits.some((a) => JSON.parse(a.details as string).id === quote.id)).toBe(true)
  })

  it('goes out with the site’s support address as Reply-To when the business has one', async () => {
    const identity = { name: 'Engines Ltd', accentColor: '#4338ca' }
    await call(
      admin.client,
      'PUT',
      '/api/admin/site',
      {
        ...identity,
        supportEmail: 'help@business.example',
      },
      200,
    )
    const contact = await insertContact()
    await call(
      ivy.client,
      'POST',
      `/api/inbox/contacts/${contact.id}/replies`,
      {
        body: 'We open at 10 on Saturdays.',
      },
      201,
    )
    const [mail] = await outboxTo(contact.email)
    expect(mail?.reply_to).toBe('help@business.example')
    expect(mail?.subject).toContain('Re: Opening hours')
    await call(admin.client, 'PUT', '/api/admin/site', { ...identity, supportEmail: '' }, 200)
  })

  it('refuses an empty or oversized reply with a field error, and an unknown entry with 404', async () => {
    const quote = await insertQuote()
    const empty = await call(
      tess.client,
      'POST',
      `/api/inbox/quotes/${quote.id}/replies`,
      { body: '   ' },
      422,
    )
    expect(JSON.stringify(empty)).toContain('Write the message.')
    await call(
      tess.client,
      'POST',
      `/api/inbox/quotes/${quote.id}/replies`,
      {
        body: 'x'.repeat(10_001),
      },
      422,
    )
    await call(tess.client, 'POST', `/api/inbox/quotes/${newId()}/replies`, { body: 'Hi' }, 404)
    expect(await outboxTo(quote.email)).toHaveLength(0)
  })

  it('is rate limited per staff member, with Retry-After', async () => {
    const person = await signedIn(t, { role: 'staff', functions: ['ManageFeedback'] })
    const quote = await insertQuote()
    for (let i = 0; i < REPLY_LIMIT.limit; i++) {
      await call(
        person.client,
        'POST',
        `/api/inbox/quotes/${quote.id}/replies`,
        {
          body: `Reply ${i}`,
        },
        201,
      )
    }
    const limited = await person.client.json(`/api/inbox/quotes/${quote.id}/replies`, 'POST', {
      body: 'One more',
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await outboxTo(quote.email)).toHaveLength(REPLY_LIMIT.limit)
    // Another teammate is not held back by it.
    await call(ivy.client, 'POST', `/api/inbox/quotes/${quote.id}/replies`, { body: 'From Ivy' }, 201)
  })
})

describe('internal notes', () => {
  it('are kept on the thread in order with their author, and never mailed', async () => {
    const contact = await insertContact()
    await call(
      tess.client,
      'POST',
      `/api/inbox/contacts/${contact.id}/notes`,
      {
        body: 'Regular customer; check the Saturday rota.',
      },
      201,
    )
    t.clock.advance(1000)
    await call(
      ivy.client,
      'POST',
      `/api/inbox/contacts/${contact.id}/replies`,
      {
        body: 'Open at 10.',
      },
      201,
    )

    const res = await call(admin.client, 'GET', `/api/inbox/contacts/${contact.id}/messages`)
    const { items } = res as {
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
    await call(tess.client, 'POST', `/api/inbox/quotes/${quote.id}/notes`, { body: 'Note' })
    await call(tess.client, 'DELETE', `/api/inbox/quotes/${quote.id}`, undefined, 204)
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
      await call(client, 'GET', `/api/inbox/quotes/${quote.id}/messages`, undefined, 403)
      await call(client, 'POST', `/api/inbox/quotes/${quote.id}/replies`, { body: 'Hi' }, 403)
      await call(client, 'POST', `/api/inbox/quotes/${quote.id}/notes`, { body: 'Hi' }, 403)
      await call(client, 'PUT', `/api/inbox/quotes/${quote.id}/assignee`, { userId: null }, 403)
      await call(client, 'GET', '/api/inbox/assignees', undefined, 403)
    }
    await call(t, 'GET', `/api/inbox/quotes/${quote.id}/messages`, undefined, 401)
    expect(await outboxTo(quote.email)).toHaveLength(0)
  })
})

describe('assignment', () => {
  it('lists the teammates who may be given an entry', async () => {
    const res = await call(tess.client, 'GET', '/api/inbox/assignees', undefined, 200)
    const { items } = res as { items: { id: string }[] }
    const ids = items.map((i) => i.id)
    expect(ids).toEqual(expect.arrayContaining([tess.id, ivy.id, admin.id]))
    expect(ids).not.toContain(shopStaff.id)
  })

  it('gives the entry to a teammate, tells them, audits it, and filters "assigned to me"', async () => {
    const quote = await insertQuote({ first_name: 'Assign', last_name: 'Me' })
    const res = await call(
      tess.client,
      'PUT',
      `/api/inbox/quotes/${quote.id}/assignee`,
      { userId: ivy.id },
      200,
    )
    const detail = res as {
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

    const mine = await call(ivy.client, 'GET', '/api/inbox/quotes?assigned=me&pageSize=100')
    const mineIds = (mine as { items: { id: string }[] }).items.map((i) => i.id)
    expect(mineIds).toContain(quote.id)
    const tessMine = await call(tess.client, 'GET', '/api/inbox/quotes?assigned=me&pageSize=100')
    expect((tessMine as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(quote.id)
    const nobody = await call(tess.client, 'GET', '/api/inbox/quotes?assigned=nobody&pageSize=100')
    expect((nobody as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(quote.id)

    const audits = await auditOf('inbox.assigned')
    expect(audits.some((a) => JSON.parse(a.details as string).assignedTo === ivy.id)).toBe(true)

    // Unassigning clears both fields; the entry shows under "nobody" again.
    const cleared = await call(tess.client, 'PUT', `/api/inbox/quotes/${quote.id}/assignee`, { userId: null })
    expect(cleared).toMatchObject({ assignedTo: null, assignedAt: null })
    const again = await call(tess.client, 'GET', '/api/inbox/quotes?assigned=nobody&pageSize=100')
    expect((again as { items: { id: string }[] }).items.map((i) => i.id)).toContain(quote.id)
  })

  it('refuses people who cannot see the inbox, and an invalid filter', async () => {
    const contact = await insertContact()
    const toShop = await call(
      tess.client,
      'PUT',
      `/api/inbox/contacts/${contact.id}/assignee`,
      {
        userId: shopStaff.id,
      },
      422,
    )
    expect(JSON.stringify(toShop)).toContain('Choose a teammate who can see the inbox.')
    await call(
      tess.client,
      'PUT',
      `/api/inbox/contacts/${contact.id}/assignee`,
      {
        userId: newId(),
      },
      422,
    )
    await call(tess.client, 'PUT', `/api/inbox/contacts/${contact.id}/assignee`, { userId: 'ivy' }, 422)
    await call(tess.client, 'GET', '/api/inbox/contacts?assigned=everyone', undefined, 422)
  })

  it('assigning to oneself tells nobody', async () => {
    const contact = await insertContact()
    const before = (await notificationsOf(tess)).length
    await call(
      tess.client,
      'PUT',
      `/api/inbox/contacts/${contact.id}/assignee`,
      {
        userId: tess.id,
      },
      200,
    )
    expect(await notificationsOf(tess)).toHaveLength(before)
  })
})
