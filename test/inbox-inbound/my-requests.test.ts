import { beforeAll, describe, expect, it } from 'vitest'
import { inboxApp } from '../inbox/helpers'
import { type Person, signedIn } from '../support/people'
import type { TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { insertQuote } from './helpers'

// "My requests": a signed-in customer sees their own quote requests with the business's replies (never
// internal notes) and answers there; the answer joins the same thread, reopens it and mails nothing.

let t: TestApp

const answerPath = (id: string) =>
  `/api/me/requests/quotes/${id}/messages` as '/api/me/requests/quotes/:id/messages'
let tess: Person
let ada: Person
let eve: Person

beforeAll(async () => {
  t = await inboxApp()
  tess = await signedIn(t, { role: 'staff', functions: ['ManageFeedback'], first_name: 'Tess' })
  ada = await signedIn(t, { first_name: 'Ada' })
  eve = await signedIn(t, { first_name: 'Eve' })
})

describe('my requests', () => {
  it('lists the caller’s requests with replies but no notes, and an answer joins the thread', async () => {
    const quote = await insertQuote(t, { email: ada.email, status: 'resolved' })
    await call(
      tess.client,
      'POST',
      `/api/inbox/quotes/${quote.id}/replies`,
      { body: 'Here is the price.' },
      201,
    )
    await call(
      tess.client,
      'POST',
      `/api/inbox/quotes/${quote.id}/notes`,
      { body: 'Internal: a big client' },
      201,
    )

    const list = await call(ada.client, 'GET', '/api/me/requests', undefined, 200)
    const mine = list.items.find((r) => r.id === quote.id)!
    expect(mine.messages.map((m) => [m.from, m.body])).toEqual([['staff', 'Here is the price.']])
    expect((await call(eve.client, 'GET', '/api/me/requests', undefined, 200)).items).toEqual([])

    const outboxBefore = await t.database.db.selectFrom('mail_outbox').select('id').execute()
    await call(ada.client, 'POST', answerPath(quote.id), { body: 'Thanks, go ahead.' }, 201)
    const thread = (await call(
      tess.client,
      'GET',
      `/api/inbox/quotes/${quote.id}/messages`,
      undefined,
      200,
    )) as {
      items: { kind: string }[]
    }
    expect(thread.items.map((m) => m.kind)).toEqual(['reply', 'note', 'customer'])
    const row = await t.database.db
      .selectFrom('quote_requests')
      .select('status')
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('pending')
    expect(await t.database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(
      outboxBefore.length,
    )

    await call(eve.client, 'POST', answerPath(quote.id), { body: 'Let me in.' }, 404)
    await call(ada.client, 'POST', answerPath(quote.id), { body: '' }, 422)
  })
})
