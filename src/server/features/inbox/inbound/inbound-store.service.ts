import { Readable } from 'node:stream'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import { newId } from '../../../lib/ids'
import { type Brand, type InboxAlertEntry, inboxStaffAlert, mailDomain, type RenderedMail } from '../../mail'
import { notify } from '../../notifications/notify'
import { brandOf } from '../../site/brand'
import { insertContact } from '../contacts.repository'
import { insertInboxMessage } from '../conversations.repository'
import { INBOX_STAFF_PATHS } from '../inbox-links'
import { queueStaffAlerts } from '../inbox-mail'
import {
  entryByReferences,
  entryByToken,
  type InboundEntry,
  inboundSeen,
  insertAttachment,
  linkInbound,
  recordInbound,
  reopenEntry,
} from './inbound.repository'
import type { ReadMail } from './mail-reading'
import { tokenIn } from './reply-threading'

// Stores one message read from the mailbox, exactly once (decision 0128). The ledger row
// (inbound_mails, unique by Message-ID) is written in the transaction that stores the message, so a
// crash before the commit stores nothing and the message is read again; after it, reading it again
// finds the ledger row and stores nothing. Attachments are written to storage first (blobs cannot
// join a transaction); when the ledger says another reader won, they are deleted again.
//
// Where it goes: to its conversation (by the plus-token, or In-Reply-To/References naming one of the
// thread's messages) when the sender is that conversation's customer, reopening a resolved entry and
// telling the assignee or the inbox staff; to a new contact message otherwise, flagged when it named
// a conversation whose customer did not send it, or could not be read whole. A new contact message
// that is not held alerts the inbox staff by e-mail, as the contact form does (decision 0134); a held
// one only shows in the inbox and its notification, so mail that may be spam is not mailed on.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage'> & Partial<Pick<AppDeps, 'mailer'>>

export type StoreOutcome = 'threaded' | 'new_entry' | 'held' | 'ignored' | 'duplicate'

interface Place {
  mailbox: string
  uid: number
}

export async function storeInbound(deps: Deps, mail: ReadMail, place: Place): Promise<StoreOutcome> {
  const db = deps.database.db
  if (await inboundSeen(db, mail.messageId)) return 'duplicate'
  const now = deps.clock()
  const ledger = {
    id: newId(now.getTime()),
    message_id: mail.messageId,
    mailbox: place.mailbox,
    uid: place.uid,
    received_at: now.toISOString(),
  }
  if (mail.ignore) {
    const recorded = await recordInbound(db, { ...ledger, outcome: 'ignored', reason: mail.ignore })
    return recorded ? 'ignored' : 'duplicate'
  }
  const entry = mail.hold ? undefined : await conversationOf(deps, mail)
  const ours = entry !== undefined && entry.email.toLowerCase() === mail.from?.address
  const reason = entry ? 'unknown_sender' : (mail.hold ?? null)
  const brand = ours || reason !== null ? undefined : await brandOf(db, deps.env)
  const blobs = await putAttachments(deps, mail)
  let outcome: StoreOutcome = 'duplicate'
  await db.transaction().execute(async (trx) => {
    if (ours) {
      if (!(await recordInbound(trx, { ...ledger, outcome: 'threaded', ...entryRef(entry) }))) return
      await addToThread(trx, entry, mail, blobs, now)
      outcome = 'threaded'
      return
    }
    const contactId = newId(now.getTime())
    const held = reason !== null
    // The ledger row first (it decides who stores the message), naming the contact once it exists.
    const recorded = await recordInbound(trx, { ...ledger, outcome: held ? 'held' : 'new_entry', reason })
    if (!recorded) return
    const row = await newContact(trx, contactId, mail, reason, blobs, now)
    await linkInbound(trx, ledger.id, contactId)
    if (brand) await alertStaff(trx, brand, row, now)
    outcome = held ? 'held' : 'new_entry'
  })
  if (outcome === 'duplicate') await Promise.allSettled(blobs.map((b) => deps.storage.delete(b.key)))
  // Set inside the transaction's callback, which TypeScript's narrowing does not see.
  if ((outcome as StoreOutcome) === 'new_entry') deps.mailer?.kick()
  return outcome
}

function entryRef(entry: InboundEntry) {
  return entry.table === 'quote_requests' ? { quote_id: entry.id } : { contact_id: entry.id }
}

/** The conversation the message names: by its plus-token first, else by the messages it answers. */
async function conversationOf(deps: Deps, mail: ReadMail): Promise<InboundEntry | undefined> {
  const db = deps.database.db
  const reply = deps.env.inbound.replyAddress
  const token = reply ? tokenIn(reply, mail.recipients) : undefined
  if (token) {
    const entry = await entryByToken(db, token)
    if (entry) return entry
  }
  const domain = mailDomain(deps.env.mail.from).toLowerCase()
  const outboxIds = mail.references.flatMap((id) => {
    const match = /^<([0-9a-f-]{36})@(.+)>$/i.exec(id)
    return match && match[2]!.toLowerCase() === domain ? [match[1]!] : []
  })
  return entryByReferences(db, outboxIds, mail.references)
}

interface StoredBlob {
  key: string
  size: number
  filename: string
  mimetype: string
}

async function putAttachments(deps: Deps, mail: ReadMail): Promise<StoredBlob[]> {
  const stored: StoredBlob[] = []
  for (const a of mail.attachments) {
    const put = await deps.storage.put(Readable.from([a.content]))
    stored.push({ key: put.key, size: put.size, filename: a.filename, mimetype: a.mimetype })
  }
  return stored
}

/** The message's words, with a note of what was not kept. */
function bodyOf(mail: ReadMail): string {
  const notes = mail.refused.map((r) => `[Attachment not kept: ${r}]`)
  const body = [mail.visible || '(no text)', ...notes].join('\n\n')
  return body.slice(0, 100_000)
}

async function addToThread(
  trx: Transaction<DB>,
  entry: InboundEntry,
  mail: ReadMail,
  blobs: StoredBlob[],
  now: Date,
): Promise<void> {
  const messageId = newId(now.getTime())
  const name = mail.from?.name || `${entry.first_name} ${entry.last_name}`.trim() || entry.email
  await insertInboxMessage(trx, {
    id: messageId,
    ...entryRef(entry),
    kind: 'customer',
    body: bodyOf(mail),
    quoted: mail.quoted,
    html: mail.html,
    from_address: mail.from?.address ?? null,
    rfc_message_id: mail.messageId,
    author_id: null,
    author_name: name,
    mail_id: null,
    created_at: now.toISOString(),
  })
  await saveAttachments(trx, { ...entryRef(entry), message_id: messageId }, blobs, now)
  await reopenEntry(trx, entry.table, entry.id, now)
  await notify(
    trx,
    {
      type: entry.table === 'quote_requests' ? 'quote' : 'feedback',
      action: 'updated',
      actor: { id: null, name },
      mainItem: `${entry.first_name} ${entry.last_name}`.trim() || entry.email,
      subItem: 'replied',
      audience: entry.assignedTo ? { forUsers: [entry.assignedTo] } : { forAll: true },
    },
    now,
  )
}

async function saveAttachments(
  trx: Kysely<DB>,
  owner: { quote_id?: string; contact_id?: string; message_id?: string },
  blobs: StoredBlob[],
  now: Date,
): Promise<void> {
  for (const b of blobs) {
    await insertAttachment(trx, {
      id: newId(now.getTime()),
      quote_id: owner.quote_id ?? null,
      contact_id: owner.contact_id ?? null,
      message_id: owner.message_id ?? null,
      filename: b.filename,
      mimetype: b.mimetype,
      size: b.size,
      blob_key: b.key,
      created_at: now.toISOString(),
    })
  }
}

/** A new contact message, as if the sender had used the contact form; flagged when held. */
async function newContact(
  trx: Transaction<DB>,
  id: string,
  mail: ReadMail,
  flag: string | null,
  blobs: StoredBlob[],
  now: Date,
): Promise<InboxAlertEntry & { id: string }> {
  const stamp = now.toISOString()
  const [first, ...rest] = (mail.from?.name || mail.from?.address.split('@')[0] || 'Unknown sender').split(
    /\s+/,
  )
  const row = {
    id,
    first_name: (first ?? '').slice(0, 100),
    last_name: rest.join(' ').slice(0, 100),
    email: mail.from?.address ?? 'unknown@sender.invalid',
    subject: (mail.subject || '(no subject)').slice(0, 200),
    message: [bodyOf(mail), mail.quoted ? `\n${mail.quoted}` : ''].join('').slice(0, 100_000),
    status: 'pending' as const,
    flag,
    createdAt: stamp,
    updatedAt: stamp,
  }
  await insertContact(trx, row)
  await saveAttachments(trx, { contact_id: id }, blobs, now)
  await notify(
    trx,
    {
      type: 'feedback',
      action: 'created',
      actor: { id: null, name: mail.from?.name || mail.from?.address || 'Unknown sender' },
      mainItem: mail.subject || '(no subject)',
      audience: { forAll: true },
    },
    now,
  )
  return row
}

/** The inbox staff's alert of a new contact message made from mail, as the contact form sends it. */
async function alertStaff(
  trx: Transaction<DB>,
  brand: Brand,
  row: InboxAlertEntry & { id: string },
  now: Date,
) {
  let alert: RenderedMail
  try {
    alert = inboxStaffAlert(brand, {
      kind: 'contact',
      entry: row,
      link: `${brand.baseUrl}${INBOX_STAFF_PATHS.contact(row.id)}`,
    })
  } catch {
    // A template that throws (a bug) costs the alert, never the message: staff still see it in the inbox.
    return
  }
  await queueStaffAlerts(trx, alert, row.email, now)
}
