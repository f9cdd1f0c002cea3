import type { Insertable, Kysely } from 'kysely'
import type { DB, InboxMessagesTable } from '../../db/schema'
import type { TriageTable } from './triage/triage.repository'

// Named queries for the conversation on a quote or contact: its messages, its assignee, and the
// people it may be assigned to.

const typed = (table: TriageTable) => table as 'contacts'
const entryColumn = (table: TriageTable) => (table === 'quote_requests' ? 'quote_id' : 'contact_id')

export function insertInboxMessage(db: Kysely<DB>, row: Insertable<InboxMessagesTable>) {
  return db.insertInto('inbox_messages').values(row).execute()
}

/** One entry's replies and notes, oldest first, with where each reply's e-mail is. */
export function threadOf(db: Kysely<DB>, table: TriageTable, entryId: string) {
  return db
    .selectFrom('inbox_messages as m')
    .leftJoin('mail_outbox as mail', 'mail.id', 'm.mail_id')
    .select([
      'm.id',
      'm.kind',
      'm.body',
      'm.author_id',
      'm.author_name',
      'm.created_at',
      'm.mail_id',
      'm.rfc_message_id',
      'm.quoted',
      'm.html',
      'mail.status as mail_status',
    ])
    .where(`m.${entryColumn(table)}`, '=', entryId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute()
}
export type ThreadRow = Awaited<ReturnType<typeof threadOf>>[number]

/**
 * The sender's address, name and first message (quoted under a reply) and when it came; undefined
 * when there is no such entry.
 */
export function entryForReply(db: Kysely<DB>, table: TriageTable, id: string) {
  return db
    .selectFrom(typed(table))
    .select(['id', 'email', 'first_name', 'last_name', 'message', 'createdAt'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export function contactSubject(db: Kysely<DB>, id: string) {
  return db.selectFrom('contacts').select('subject').where('id', '=', id).executeTakeFirst()
}

/**
 * Sets (or clears) who an entry is assigned to. Assigning to the person who already has it changes
 * nothing and answers `false`; an unknown entry answers `undefined`.
 */
export async function setAssignee(
  db: Kysely<DB>,
  table: TriageTable,
  id: string,
  userId: string | null,
  now: Date,
): Promise<boolean | undefined> {
  const stamp = now.toISOString()
  const row = await db.selectFrom(typed(table)).select('assignedTo').where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  if (row.assignedTo === userId) return false
  await db
    .updateTable(typed(table))
    .set({ assignedTo: userId, assignedAt: userId ? stamp : null, updatedAt: stamp })
    .where('id', '=', id)
    .execute()
  return true
}

/** One user, with what the assignment rule needs. */
export function assignCandidate(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'staffFunctions', 'isRestricted'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/**
 * The entry's reply token (decision 0128), made now if it has none. Of two first replies at once, the
 * second's update finds the token set and both read the first's.
 */
export async function ensureReplyToken(
  db: Kysely<DB>,
  table: TriageTable,
  id: string,
  fresh: string,
): Promise<string | undefined> {
  await db
    .updateTable(typed(table))
    .set({ reply_token: fresh })
    .where('id', '=', id)
    .where('reply_token', 'is', null)
    .execute()
  const row = await db.selectFrom(typed(table)).select('reply_token').where('id', '=', id).executeTakeFirst()
  return row?.reply_token ?? undefined
}
