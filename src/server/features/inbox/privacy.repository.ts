import type { Kysely } from 'kysely'
import { emailIs } from '../../db/email-match'
import type { DB } from '../../db/schema'
import { releaseAttachmentBlobs } from './triage/triage.repository'

// Named queries for privacy requests: everything held for one address (stored lower-case; lower()
// also finds rows written otherwise), and its erasure.

/** The columns a quote request and a contact share: who sent it, and how it was handled. */
const SENDER = ['id', 'first_name', 'last_name', 'email'] as const
const HANDLING = ['status', 'createdAt', 'updatedAt', 'resolvedAt'] as const

export async function heldForEmail(db: Kysely<DB>, email: string) {
  const quoteRequests = await db
    .selectFrom('quote_requests')
    .select([...SENDER, 'business_name', 'industry', 'phone', 'service', 'message', ...HANDLING])
    .where(emailIs('email', email))
    .orderBy('createdAt')
    .execute()
  // The files sent with those requests, named (their bytes stay in storage).
  const quoteFiles =
    quoteRequests.length === 0
      ? []
      : await db
          .selectFrom('inbox_attachments')
          .select(['id', 'quote_id', 'filename', 'mimetype', 'size'])
          .where(
            'quote_id',
            'in',
            quoteRequests.map((q) => q.id),
          )
          .where('message_id', 'is', null)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
  const contacts = await db
    .selectFrom('contacts')
    .select([...SENDER, 'subject', 'message', ...HANDLING])
    .where(emailIs('email', email))
    .orderBy('createdAt')
    .execute()
  const ebookRequests = await db
    .selectFrom('ebook_requests')
    .select(['id', 'email', 'source', 'createdAt', 'updatedAt', 'confirmedAt', 'unsubscribedAt'])
    .where(emailIs('email', email))
    .execute()
  // The replies staff mailed to the address (product.md §4: they were sent to this person); internal
  // notes are staff's own working papers and stay out.
  const replies = await db
    .selectFrom('inbox_messages as m')
    .leftJoin('quote_requests as q', 'q.id', 'm.quote_id')
    .leftJoin('contacts as c', 'c.id', 'm.contact_id')
    .select(['m.id', 'm.quote_id', 'm.contact_id', 'm.body', 'm.author_name', 'm.created_at'])
    .where('m.kind', '=', 'reply')
    .where((eb) => eb.or([emailIs('q.email', email), emailIs('c.email', email)]))
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute()
  return { quoteRequests, quoteFiles, contacts, ebookRequests, replies }
}

/**
 * Deletes the address's quotes, contacts and e-book row and the outbox's mails to or replying to it,
 * and takes `names` (the sender's names on those entries) out of quote and feedback notifications.
 * Run it in a transaction.
 */
export async function eraseEmail(trx: Kysely<DB>, email: string, names: readonly string[], now: Date) {
  for (const table of ['quote_requests', 'contacts'] as const) {
    const ids = await trx.selectFrom(table).select('id').where(emailIs('email', email)).execute()
    await releaseAttachmentBlobs(
      trx,
      table,
      ids.map((r) => r.id),
      now,
    )
  }
  const quotes = await trx.deleteFrom('quote_requests').where(emailIs('email', email)).executeTakeFirst()
  const contacts = await trx.deleteFrom('contacts').where(emailIs('email', email)).executeTakeFirst()
  const ebook = await trx.deleteFrom('ebook_requests').where(emailIs('email', email)).executeTakeFirst()
  const mails = await trx
    .deleteFrom('mail_outbox')
    .where((eb) => eb.or([emailIs('to_address', email), emailIs('reply_to', email)]))
    .executeTakeFirst()
  if (names.length > 0) {
    // Staff notifications name the sender (as the actor of "created", as the item of "resolved").
    await trx
      .updateTable('notifications')
      .set({ user_name: 'Someone (erased)', mainItem: null, subItem: null })
      .where('type', 'in', ['quote', 'feedback'])
      .where('action', '=', 'created')
      .where('user_name', 'in', names)
      .execute()
    await trx
      .updateTable('notifications')
      .set({ mainItem: null })
      .where('type', 'in', ['quote', 'feedback'])
      .where('mainItem', 'in', names)
      .execute()
  }
  return {
    quoteRequests: Number(quotes.numDeletedRows),
    contacts: Number(contacts.numDeletedRows),
    ebookRequests: Number(ebook.numDeletedRows),
    mails: Number(mails.numDeletedRows),
  }
}
