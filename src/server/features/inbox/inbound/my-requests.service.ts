import type { MyRequest, MyRequestList } from '../../../../shared/contract/my-requests'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { canAnswerOwnRequests, canSeeOwnRequests } from '../../../policies/inbox.policy'
import { notify } from '../../notifications/notify'
import { insertInboxMessage } from '../conversations.repository'
import type { TriageKind } from '../triage/triage-access'
import { reopenEntry } from './inbound.repository'
import { contactsFrom, customerVisibleMessages, quotesFrom } from './my-requests.repository'

// "My requests" (decision 0128): a signed-in customer's quote requests and contact messages, sent
// from their verified address, with the staff's replies and their own answers, never internal notes.
// Answering here joins the same thread as an answer by mail would: it reopens a resolved entry and
// tells the assignee (or the inbox staff), and mails nothing, the customer least of all.

type Deps = Pick<AppDeps, 'database' | 'clock'>

async function entriesOf(deps: Deps, email: string) {
  const db = deps.database.db
  const address = email.trim().toLowerCase()
  const [quotes, contacts] = await Promise.all([quotesFrom(db, address), contactsFrom(db, address)])
  return { quotes, contacts }
}

export async function listMyRequests(deps: Deps, actor: Caller): Promise<MyRequestList> {
  if (!canSeeOwnRequests(actor) || actor.kind !== 'user') throw problems.forbidden()
  const { quotes, contacts } = await entriesOf(deps, actor.email)
  const messages = await customerVisibleMessages(
    deps.database.db,
    quotes.map((q) => q.id),
    contacts.map((c) => c.id),
  )
  const thread = (column: 'quote_id' | 'contact_id', id: string) =>
    messages
      .filter((m) => m[column] === id)
      .map((m) => ({
        id: m.id,
        from: m.kind === 'reply' ? ('staff' as const) : ('customer' as const),
        author: m.author_name,
        body: m.body,
        createdAt: m.created_at,
      }))
  const items: MyRequest[] = [
    ...quotes.map((q) => ({
      kind: 'quote' as const,
      id: q.id,
      title: q.service ?? 'Quote request',
      message: q.message,
      status: q.status,
      createdAt: q.createdAt,
      messages: thread('quote_id', q.id),
    })),
    ...contacts.map((c) => ({
      kind: 'contact' as const,
      id: c.id,
      title: c.subject,
      message: c.message,
      status: c.status,
      createdAt: c.createdAt,
      messages: thread('contact_id', c.id),
    })),
  ]
  items.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
  return { items }
}

export async function answerMyRequest(
  deps: Deps,
  actor: Caller,
  kind: TriageKind,
  id: string,
  body: string,
): Promise<{ id: string }> {
  if (!canAnswerOwnRequests(actor) || actor.kind !== 'user') throw problems.forbidden()
  const { quotes, contacts } = await entriesOf(deps, actor.email)
  const entry = (kind === 'quote' ? quotes : contacts).find((e) => e.id === id)
  if (!entry) throw problems.notFound('No such request of yours.')
  const table = kind === 'quote' ? 'quote_requests' : 'contacts'
  const now = deps.clock()
  const messageId = newId(now.getTime())
  await deps.database.db.transaction().execute(async (trx) => {
    await insertInboxMessage(trx, {
      id: messageId,
      quote_id: kind === 'quote' ? id : null,
      contact_id: kind === 'contact' ? id : null,
      kind: 'customer',
      body,
      quoted: null,
      html: null,
      from_address: actor.email,
      rfc_message_id: null,
      author_id: actor.id,
      author_name: actor.name,
      mail_id: null,
      created_at: now.toISOString(),
    })
    await reopenEntry(trx, table, id, now)
    await notify(
      trx,
      {
        type: kind === 'quote' ? 'quote' : 'feedback',
        action: 'updated',
        actor: { id: actor.id, name: actor.name },
        mainItem: `${entry.first_name} ${entry.last_name}`.trim() || entry.email,
        subItem: 'replied',
        audience: entry.assignedTo ? { forUsers: [entry.assignedTo] } : { forAll: true },
      },
      now,
    )
  })
  return { id: messageId }
}
