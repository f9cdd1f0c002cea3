import type { Kysely } from 'kysely'
import { emailIs } from '../../../db/email-match'
import type { DB } from '../../../db/schema'

// The queries of "My requests": a customer's entries by their address, and what of each thread they
// may see (staff replies and their own messages, never notes). Entries are found by address without
// case, as the staff's privacy tools find them.

/** The quote requests sent from this address, newest first (the lower(email) index). */
export function quotesFromQuery(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('quote_requests')
    .select([
      'id',
      'service',
      'message',
      'status',
      'createdAt',
      'email',
      'first_name',
      'last_name',
      'assignedTo',
    ])
    .where(emailIs('email', email))
    .orderBy('createdAt', 'desc')
}

export function quotesFrom(db: Kysely<DB>, email: string) {
  return quotesFromQuery(db, email).execute()
}

/** The contacts sent from this address, newest first (the lower(email) index). */
export function contactsFromQuery(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('contacts')
    .select([
      'id',
      'subject',
      'message',
      'status',
      'createdAt',
      'email',
      'first_name',
      'last_name',
      'assignedTo',
    ])
    .where(emailIs('email', email))
    .orderBy('createdAt', 'desc')
}

export function contactsFrom(db: Kysely<DB>, email: string) {
  return contactsFromQuery(db, email).execute()
}

/** The replies and customer messages of these entries, oldest first. */
export function customerVisibleMessages(db: Kysely<DB>, quoteIds: string[], contactIds: string[]) {
  if (quoteIds.length === 0 && contactIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('inbox_messages')
    .select(['id', 'quote_id', 'contact_id', 'kind', 'body', 'author_name', 'created_at'])
    .where('kind', 'in', ['reply', 'customer'])
    .where((eb) =>
      eb.or([
        ...(quoteIds.length > 0 ? [eb('quote_id', 'in', quoteIds)] : []),
        ...(contactIds.length > 0 ? [eb('contact_id', 'in', contactIds)] : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}
