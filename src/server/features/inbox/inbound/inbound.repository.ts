import type { Insertable, Kysely } from 'kysely'
import type { DB, InboundMailsTable, InboxAttachmentsTable } from '../../../db/schema'
import type { TriageTable } from '../triage/triage.repository'

// The named queries of inbound mail (decision 0128): the ledger of messages read (one per
// Message-ID), where the reader is in each mailbox, the conversation a message answers, and the
// attachments kept with an entry.

const typed = (table: TriageTable) => table as 'contacts'
const entryColumn = (table: TriageTable) => (table === 'quote_requests' ? 'quote_id' : 'contact_id')

/** Whether a message with this Message-ID was stored already (by this reader or another). */
export async function inboundSeen(db: Kysely<DB>, messageId: string): Promise<boolean> {
  const row = await db
    .selectFrom('inbound_mails')
    .select('id')
    .where('message_id', '=', messageId)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Records a message in the ledger, unless its Message-ID is there already: answers whether this call
 * recorded it. Run in the transaction that stores the message, so of two readers only one stores it.
 */
export async function recordInbound(db: Kysely<DB>, row: Insertable<InboundMailsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('inbound_mails')
    .values(row)
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

/** Names the contact message a ledger row became. */
export async function linkInbound(db: Kysely<DB>, id: string, contactId: string): Promise<void> {
  await db.updateTable('inbound_mails').set({ contact_id: contactId }).where('id', '=', id).execute()
}

/** The entry whose reply token this is. */
export async function entryByToken(db: Kysely<DB>, token: string) {
  for (const table of ['quote_requests', 'contacts'] as const) {
    const row = await entryRow(db, table).where('reply_token', '=', token).executeTakeFirst()
    if (row) return { table, ...row }
  }
  return undefined
}

/** The entry one of these messages belongs to: a staff reply's outbox id, or a customer's Message-ID. */
export async function entryByReferences(db: Kysely<DB>, outboxIds: string[], messageIds: string[]) {
  if (outboxIds.length === 0 && messageIds.length === 0) return undefined
  const row = await db
    .selectFrom('inbox_messages')
    .select(['quote_id', 'contact_id'])
    .where((eb) =>
      eb.or([
        ...(outboxIds.length > 0 ? [eb('mail_id', 'in', outboxIds)] : []),
        ...(messageIds.length > 0 ? [eb('rfc_message_id', 'in', messageIds)] : []),
      ]),
    )
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  if (!row) return undefined
  const table: TriageTable = row.quote_id ? 'quote_requests' : 'contacts'
  const id = (row.quote_id ?? row.contact_id)!
  const entry = await entryRow(db, table).where('id', '=', id).executeTakeFirst()
  return entry && { table, ...entry }
}

function entryRow(db: Kysely<DB>, table: TriageTable) {
  return db
    .selectFrom(typed(table))
    .select(['id', 'email', 'first_name', 'last_name', 'status', 'assignedTo'])
}
export type InboundEntry = NonNullable<Awaited<ReturnType<typeof entryByToken>>>

/** Puts a resolved entry back to pending; answers whether it was resolved. */
export async function reopenEntry(
  db: Kysely<DB>,
  table: TriageTable,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable(typed(table))
    .set({ status: 'pending', resolvedAt: null, resolvedBy: null, updatedAt: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'resolved')
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export function insertAttachment(db: Kysely<DB>, row: Insertable<InboxAttachmentsTable>) {
  return db.insertInto('inbox_attachments').values(row).execute()
}

/** An entry's attachments, for its thread. */
export function attachmentsOfThread(db: Kysely<DB>, table: TriageTable, entryId: string) {
  return db
    .selectFrom('inbox_attachments')
    .select(['id', 'message_id', 'filename', 'mimetype', 'size'])
    .where(entryColumn(table), '=', entryId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The files sent with an entry's form (not with a later message), for its page. */
export function formAttachmentsOf(db: Kysely<DB>, table: TriageTable, entryId: string) {
  return db
    .selectFrom('inbox_attachments')
    .select(['id', 'filename', 'mimetype', 'size'])
    .where(entryColumn(table), '=', entryId)
    .where('message_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** One attachment of one entry, for its download. */
export function attachmentOf(db: Kysely<DB>, table: TriageTable, entryId: string, id: string) {
  return db
    .selectFrom('inbox_attachments')
    .select(['id', 'filename', 'mimetype', 'size', 'blob_key', 'created_at'])
    .where(entryColumn(table), '=', entryId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export function mailboxState(db: Kysely<DB>, mailbox: string) {
  return db.selectFrom('inbound_mailbox_state').selectAll().where('mailbox', '=', mailbox).executeTakeFirst()
}

/** The reader's place in a mailbox: UIDVALIDITY and the last UID it finished. */
export async function saveMailboxPlace(
  db: Kysely<DB>,
  mailbox: string,
  uidValidity: string,
  lastUid: number,
) {
  await db
    .insertInto('inbound_mailbox_state')
    .values({ mailbox, uid_validity: uidValidity, last_uid: lastUid })
    .onConflict((oc) => oc.column('mailbox').doUpdateSet({ uid_validity: uidValidity, last_uid: lastUid }))
    .execute()
}

/** The outcome of the reader's last attempt: an error (kept for the settings page) or success. */
export async function saveMailboxHealth(
  db: Kysely<DB>,
  mailbox: string,
  health: { error: string | null; at: string },
) {
  const values = health.error
    ? { last_error: health.error, last_error_at: health.at }
    : { last_error: null, last_error_at: null, last_success_at: health.at }
  await db
    .insertInto('inbound_mailbox_state')
    .values({ mailbox, ...values })
    .onConflict((oc) => oc.column('mailbox').doUpdateSet(values))
    .execute()
}

/** Every mailbox's health, for the inbox settings page. */
export function mailboxHealth(db: Kysely<DB>) {
  return db
    .selectFrom('inbound_mailbox_state')
    .select(['mailbox', 'last_error', 'last_error_at', 'last_success_at'])
    .orderBy('mailbox')
    .execute()
}

/**
 * Deletes up to `limit` ledger rows read before `cutoff` that name no entry any more (mail that was
 * ignored, or whose entry was deleted); returns how many. Rows of entries still kept stay with them.
 */
export async function purgeInboundLedgerBatch(
  db: Kysely<DB>,
  cutoff: string,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('inbound_mails')
    .where(
      'id',
      'in',
      db
        .selectFrom('inbound_mails')
        .select('id')
        .where('received_at', '<', cutoff)
        .where('quote_id', 'is', null)
        .where('contact_id', 'is', null)
        .limit(limit),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
