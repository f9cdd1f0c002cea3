import type {
  AssigneeList,
  InboxMessage,
  InboxMessageKind,
  InboxThread,
} from '../../../shared/contract/inbox-conversations'
import { parseStaffFunctions } from '../../../shared/staff-functions'
import type { MailStatus } from '../../db/schema/system'
import type { AppDeps } from '../../deps'
import { type Caller, recordedAs, type SignedInCaller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { newId } from '../../lib/ids'
import { hitRateLimit } from '../../lib/rate-limit/rate-limit'
import { canBeAssignedInbox, canConverse, canTriageInbox } from '../../policies/inbox.policy'
import { recordAudit } from '../audit/audit.service'
import { enqueueMail, inboxReply } from '../mail'
import { notify } from '../notifications/notify'
import { brandOf } from '../site/brand'
import {
  assignCandidate,
  contactSubject,
  ensureReplyToken,
  entryForReply,
  insertInboxMessage,
  setAssignee,
  type ThreadRow,
  threadOf,
} from './conversations.repository'
import { attachmentsOfThread } from './inbound/inbound.repository'
import { newReplyToken, plusAddress, threadHeaders } from './inbound/reply-threading'
import { inboxTeam } from './inbox-staff.repository'
import type { TriageTable } from './triage/triage.repository'
import type { TriageKind } from './triage/triage-access'

// The conversation on a quote request or contact message (staff side). A reply is mailed to the
// sender alone, from the business's address, through the outbox in the same transaction that stores
// it; a note is never mailed. Both are kept on the entry's thread with who wrote them and when.
// Assigning tells the new assignee. Replies are rate limited per staff member and audited.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer'>

const TABLES: Record<TriageKind, TriageTable> = { quote: 'quote_requests', contact: 'contacts' }
const NOTIFICATION_TYPE = { quote: 'quote', contact: 'feedback' } as const
const NOT_FOUND = { quote: 'No such quote request.', contact: 'No such message.' }

/** Replies one staff member may send: enough for a busy day, too few to turn us into a mass mailer. */
export const REPLY_LIMIT = { limit: 60, windowMs: 60 * 60 * 1000 }

function authorizeRead(actor: Caller) {
  if (!canTriageInbox(actor)) throw problems.forbidden()
}

function authorizeWrite(actor: Caller): asserts actor is SignedInCaller {
  if (!canConverse(actor)) throw problems.forbidden()
}

const DELIVERY: Record<MailStatus, InboxMessage['delivery']> = {
  pending: 'queued',
  sending: 'queued',
  sent: 'sent',
  failed: 'failed',
}

type Attachments = Awaited<ReturnType<typeof attachmentsOfThread>>

function presentMessage(row: ThreadRow, attachments: Attachments): InboxMessage {
  const base: InboxMessage = {
    id: row.id,
    kind: row.kind,
    body: row.body,
    author: { id: row.author_id, name: row.author_name },
    createdAt: row.created_at,
    delivery: row.kind === 'reply' && row.mail_status ? DELIVERY[row.mail_status] : null,
  }
  if (row.kind !== 'customer') return base
  const own = attachments.filter((a) => a.message_id === row.id)
  return {
    ...base,
    quoted: row.quoted,
    html: row.html,
    viaEmail: row.rfc_message_id !== null,
    attachments: own.map((a) => ({
      id: a.id,
      filename: a.filename,
      mimetype: a.mimetype,
      size: Number(a.size),
    })),
  }
}

export async function listThread(
  deps: Deps,
  actor: Caller,
  kind: TriageKind,
  id: string,
): Promise<InboxThread> {
  authorizeRead(actor)
  const table = TABLES[kind]
  if (!(await entryForReply(deps.database.db, table, id))) throw problems.notFound(NOT_FOUND[kind])
  const rows = await threadOf(deps.database.db, table, id)
  const attachments = await attachmentsOfThread(deps.database.db, table, id)
  return { items: rows.map((row) => presentMessage(row, attachments)) }
}

async function addMessage(
  deps: Deps,
  actor: Caller,
  kind: TriageKind,
  id: string,
  messageKind: InboxMessageKind,
  body: string,
): Promise<InboxMessage> {
  authorizeWrite(actor)
  const table = TABLES[kind]
  const db = deps.database.db
  const entry = await entryForReply(db, table, id)
  if (!entry) throw problems.notFound(NOT_FOUND[kind])
  const now = deps.clock()

  let mail:
    | {
        to: string
        replyTo: string
        rendered: ReturnType<typeof inboxReply>
        headers: Record<string, string>
      }
    | undefined
  if (messageKind === 'reply') {
    const limited = await hitRateLimit(db, { key: `inbox:reply:${actor.id}`, ...REPLY_LIMIT, now })
    if (!limited.allowed)
      throw problems.rateLimited(
        limited.retryAfterSeconds,
        'You have sent many replies in a short time. Please try again later.',
      )
    const brand = await brandOf(db, deps.env)
    const subject = kind === 'contact' ? ((await contactSubject(db, id))?.subject ?? null) : null
    mail = {
      to: entry.email,
      replyTo: await replyAddress(deps, table, id, brand.supportEmail || actor.email),
      headers: threadHeaders(await threadOf(db, table, id), deps.env),
      rendered: inboxReply(brand, {
        kind,
        firstName: entry.first_name,
        subject,
        body,
        staffName: actor.name,
        original: { message: entry.message, sentAt: entry.createdAt },
      }),
    }
  }

  const messageId = newId(now.getTime())
  await db.transaction().execute(async (trx) => {
    const queued = mail
      ? await enqueueMail(
          trx,
          { to: mail.to, replyTo: mail.replyTo, ...mail.rendered, headers: mail.headers },
          now,
        )
      : undefined
    await insertInboxMessage(trx, {
      id: messageId,
      quote_id: kind === 'quote' ? id : null,
      contact_id: kind === 'contact' ? id : null,
      kind: messageKind,
      body,
      author_id: actor.id,
      author_name: actor.name,
      mail_id: queued?.id ?? null,
      created_at: now.toISOString(),
    })
    if (queued)
      await recordAudit(
        trx,
        {
          action: 'inbox.replied',
          actor: recordedAs(actor),
          from: actor.from,
          details: { table, id, mailId: queued.id },
        },
        now,
      )
  })
  if (mail) deps.mailer.kick()
  return {
    id: messageId,
    kind: messageKind,
    body,
    author: { id: actor.id, name: actor.name },
    createdAt: now.toISOString(),
    delivery: mail ? 'queued' : null,
  }
}

/**
 * Where the customer's answer goes: the conversation's own address (inbox+<token>@…) when the
 * business reads its mailbox with INBOUND_REPLY_ADDRESS set; else the support address, or else the
 * person who replied.
 */
async function replyAddress(deps: Deps, table: TriageTable, id: string, fallback: string): Promise<string> {
  const reply = deps.env.inbound.replyAddress
  if (!reply) return fallback
  const token = await ensureReplyToken(deps.database.db, table, id, newReplyToken())
  return token ? plusAddress(reply, token) : fallback
}

export function replyToEntry(deps: Deps, actor: Caller, kind: TriageKind, id: string, body: string) {
  return addMessage(deps, actor, kind, id, 'reply', body)
}

export function addNote(deps: Deps, actor: Caller, kind: TriageKind, id: string, body: string) {
  return addMessage(deps, actor, kind, id, 'note', body)
}

/** The teammates an entry may be assigned to. */
export async function listAssignees(deps: Deps, actor: Caller): Promise<AssigneeList> {
  authorizeRead(actor)
  const rows = await inboxTeam(deps.database.db)
  return { items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email })) }
}

/**
 * Gives the entry to a teammate (or to nobody). The new assignee is told, unless they assigned it to
 * themselves; the change is audited. Assigning to whoever has it already changes nothing.
 */
export async function assignEntry(
  deps: Deps,
  actor: Caller,
  kind: TriageKind,
  id: string,
  userId: string | null,
): Promise<void> {
  if (!canTriageInbox(actor)) throw problems.forbidden()
  const table = TABLES[kind]
  const db = deps.database.db
  const assignee = userId ? await assignCandidate(db, userId) : undefined
  if (userId) {
    const holder = assignee && { ...assignee, staffFunctions: parseStaffFunctions(assignee.staffFunctions) }
    if (!holder || !canBeAssignedInbox(holder))
      throw problems.validation({ userId: ['Choose a teammate who can see the inbox.'] })
  }
  const now = deps.clock()
  const by = recordedAs(actor)
  await db.transaction().execute(async (trx) => {
    const entry = await entryForReply(trx, table, id)
    if (!entry) throw problems.notFound(NOT_FOUND[kind])
    const changed = await setAssignee(trx, table, id, userId, now)
    if (!changed) return
    await recordAudit(
      trx,
      {
        action: 'inbox.assigned',
        actor: by,
        from: actor.from,
        details: { table, id, assignedTo: userId },
      },
      now,
    )
    if (assignee && assignee.id !== by.id)
      await notify(
        trx,
        {
          type: NOTIFICATION_TYPE[kind],
          action: 'updated',
          actor: by,
          mainItem: `${entry.first_name} ${entry.last_name}`.trim(),
          subItem: 'assigned',
          audience: { forUsers: [assignee.id] },
        },
        now,
      )
  })
}
