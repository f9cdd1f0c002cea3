import { z } from 'zod'
import { INBOX_STATUSES } from '../enums'
import { emailSchema } from './accounts'
import { INBOX_MAX, MAX_SERVICES, requiredLine } from './inbox'
import { inboxAttachmentSchema } from './inbox-conversations'
import { listQuerySchema, listResponseSchema, optionalChoice, optionalIsoDate } from './list'

// The staff side of the inbox (product.md §4): the quotes, contacts and e-book tables
// (ManageFeedback staff and admins), the admin's inbox settings and the privacy export/erase.

const dateFilters = { from: optionalIsoDate, to: optionalIsoDate }

/** The "Assigned" filter of the quotes and contacts tables: to the caller, or to nobody. */
export const ASSIGNED_FILTERS = ['me', 'nobody'] as const
const triageFilters = {
  status: optionalChoice(INBOX_STATUSES, 'Status'),
  assigned: optionalChoice(ASSIGNED_FILTERS, 'Assigned'),
  ...dateFilters,
}

export const QUOTE_SORTS = [
  'createdAt',
  'name',
  'email',
  'business_name',
  'service',
  'status',
  'resolvedAt',
] as const
export const quoteListQuerySchema = listQuerySchema({
  sortable: QUOTE_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: triageFilters,
})
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>

export const CONTACT_SORTS = ['createdAt', 'name', 'email', 'subject', 'status', 'resolvedAt'] as const
export const contactListQuerySchema = listQuerySchema({
  sortable: CONTACT_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: triageFilters,
})
export type ContactListQuery = z.infer<typeof contactListQuerySchema>

/** An e-book address's state: asked but not confirmed, on the list, or unsubscribed. */
export const EBOOK_STATUSES = ['unconfirmed', 'subscribed', 'unsubscribed'] as const
export type EbookStatus = (typeof EBOOK_STATUSES)[number]

export const EBOOK_SORTS = ['createdAt', 'email', 'confirmedAt', 'source'] as const
export const ebookListQuerySchema = listQuerySchema({
  sortable: EBOOK_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { status: optionalChoice(EBOOK_STATUSES, 'Status'), ...dateFilters },
})
export type EbookListQuery = z.infer<typeof ebookListQuerySchema>

/** What the caller may do to an entry; the UI shows only these actions. */
export const inboxAbilitiesSchema = z.object({
  resolve: z.boolean(),
  reopen: z.boolean(),
  delete: z.boolean(),
  /** Reply to the sender and add internal notes. */
  reply: z.boolean(),
  /** Assign the entry to a teammate (or to nobody). */
  assign: z.boolean(),
})

const personSchema = z.object({ id: z.string(), name: z.string() })
const resolvedBySchema = personSchema.nullable()

const triageFields = {
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: z.enum(INBOX_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Who resolved it (null while pending, or when that account was deleted). */
  resolvedBy: resolvedBySchema,
  /** The teammate the entry is assigned to (null when nobody has it), and since when. */
  assignedTo: personSchema.nullable(),
  assignedAt: z.string().nullable(),
  abilities: inboxAbilitiesSchema,
}

export const quoteSummarySchema = z
  .object({
    ...triageFields,
    business_name: z.string().nullable(),
    industry: z.string().nullable(),
    phone: z.string().nullable(),
    service: z.string().nullable(),
    /** The message's first characters, for the table. */
    excerpt: z.string(),
  })
  .meta({ id: 'QuoteRequestSummary' })
export type QuoteSummary = z.infer<typeof quoteSummarySchema>
export const quoteDetailSchema = quoteSummarySchema
  .omit({ excerpt: true })
  .extend({
    message: z.string(),
    /** The files sent with the request form (artwork, a brief); what came later by e-mail is on the thread. */
    attachments: z.array(inboxAttachmentSchema).optional(),
  })
  .meta({ id: 'QuoteRequest' })
export type QuoteDetail = z.infer<typeof quoteDetailSchema>
export const quoteListSchema = listResponseSchema(quoteSummarySchema).meta({ id: 'QuoteRequestList' })

export const contactSummarySchema = z
  .object({ ...triageFields, subject: z.string(), excerpt: z.string() })
  .meta({ id: 'ContactSummary' })
export type ContactSummary = z.infer<typeof contactSummarySchema>
export const contactDetailSchema = contactSummarySchema
  .omit({ excerpt: true })
  .extend({
    message: z.string(),
    /** Why a message made from an e-mail is held for a look (`unknown_sender`, `oversized`, `malformed`); null otherwise. */
    flag: z.string().nullable().optional(),
  })
  .meta({ id: 'Contact' })
export type ContactDetail = z.infer<typeof contactDetailSchema>
export const contactListSchema = listResponseSchema(contactSummarySchema).meta({ id: 'ContactList' })

export const ebookEntrySchema = z
  .object({
    id: z.string(),
    email: z.string(),
    source: z.string(),
    status: z.enum(EBOOK_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    confirmedAt: z.string().nullable(),
    unsubscribedAt: z.string().nullable(),
    abilities: z.object({ delete: z.boolean() }),
  })
  .meta({ id: 'EbookRequest' })
export type EbookEntry = z.infer<typeof ebookEntrySchema>
export const ebookListSchema = listResponseSchema(ebookEntrySchema).meta({ id: 'EbookRequestList' })

export const statusChangeSchema = z.object({
  status: z.enum(INBOX_STATUSES, { error: `Choose one of: ${INBOX_STATUSES.join(', ')}.` }),
})

export const MAX_BULK_IDS = 100
const bulkIds = z
  .array(z.string().uuid({ error: 'Each id must be an entry id.' }), {
    error: 'Give the ids of the entries.',
  })
  .min(1, { error: 'Select at least one entry.' })
  .max(MAX_BULK_IDS, { error: `Select at most ${MAX_BULK_IDS} entries at a time.` })

export const BULK_ACTIONS = ['resolve', 'reopen', 'delete'] as const
export const bulkActionSchema = z.object({
  action: z.enum(BULK_ACTIONS, { error: `Choose one of: ${BULK_ACTIONS.join(', ')}.` }),
  ids: bulkIds,
})
export type BulkActionInput = z.infer<typeof bulkActionSchema>

export const ebookBulkActionSchema = z.object({
  action: z.literal('delete', { error: 'The e-book list can only delete entries in bulk.' }),
  ids: bulkIds,
})

export const BULK_OUTCOMES = ['resolved', 'reopened', 'deleted', 'unchanged', 'not_found'] as const
export type BulkOutcome = (typeof BULK_OUTCOMES)[number]
export const bulkResultSchema = z
  .object({
    /** One per distinct id asked for, in the order asked. */
    results: z.array(z.object({ id: z.string(), outcome: z.enum(BULK_OUTCOMES) })),
    /** How many entries actually changed. */
    changed: z.number().int(),
  })
  .meta({ id: 'InboxBulkResult' })
export type BulkResult = z.infer<typeof bulkResultSchema>

// Settings admins edit (stored in the `settings` table).

export const serviceNameSchema = requiredLine('a service name', INBOX_MAX.service)
export const servicesSchema = z
  .array(serviceNameSchema)
  .max(MAX_SERVICES, { error: `List at most ${MAX_SERVICES} services.` })
  .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, {
    error: 'Each service can be listed only once.',
  })

export const MAX_RETENTION_DAYS = 3650
export const retentionDaysSchema = z
  .number({ error: 'Give a number of days, or null to keep resolved entries.' })
  .int({ error: 'Give a whole number of days.' })
  .min(1, { error: 'Keep resolved entries at least 1 day.' })
  .max(MAX_RETENTION_DAYS, { error: `Keep resolved entries at most ${MAX_RETENTION_DAYS} days.` })
  .nullable()

export const inboxSettingsSchema = z
  .object({
    /** The services the quote form offers, in order. Empty: the form does not ask for one. */
    services: z.array(z.string()),
    /** The file sent as the e-book (a file id in the file manager); null until an admin chooses. */
    ebookFileId: z.string().nullable(),
    /** Whether the e-book is published (switched on); only ever true with a file chosen. */
    ebookPublished: z.boolean(),
    /** Resolved quotes and contacts older than this many days are deleted; null keeps them. */
    retentionDays: z.number().int().nullable(),
    /**
     * The business's mailbox read for customers' answers (INBOUND_IMAP_URL): off, or how its reading
     * goes. `lastError` set: the mailbox could not be read at `lastErrorAt`; the reader retries.
     */
    mailbox: z
      .object({
        configured: z.boolean(),
        mailboxes: z.array(
          z.object({
            mailbox: z.string(),
            lastError: z.string().nullable(),
            lastErrorAt: z.string().nullable(),
            lastSuccessAt: z.string().nullable(),
          }),
        ),
      })
      .optional(),
  })
  .meta({ id: 'InboxSettings' })
export type InboxSettings = z.infer<typeof inboxSettingsSchema>

export const inboxSettingsUpdateSchema = z
  .object({
    services: servicesSchema.optional(),
    ebookFileId: z
      .string()
      .uuid({ error: 'Give the id of a file in the file manager (a UUID).' })
      .nullable()
      .optional(),
    ebookPublished: z.boolean().optional(),
    retentionDays: retentionDaysSchema.optional(),
  })
  .refine(
    (v) =>
      v.services !== undefined ||
      v.ebookFileId !== undefined ||
      v.ebookPublished !== undefined ||
      v.retentionDays !== undefined,
    { error: 'Say what to change: services, ebookFileId, ebookPublished or retentionDays.' },
  )
export type InboxSettingsUpdate = z.infer<typeof inboxSettingsUpdateSchema>

// Privacy: everything held for one address, exported and erased on request (admins).

export const privacyRequestSchema = z.object({ email: emailSchema })

export const privacyExportSchema = z
  .object({
    email: z.string(),
    exportedAt: z.string(),
    quoteRequests: z.array(
      // With the files sent with the request named (`attachments`, when there were any).
      quoteDetailSchema.omit({ abilities: true, resolvedBy: true, assignedTo: true, assignedAt: true }),
    ),
    contacts: z.array(
      contactDetailSchema.omit({ abilities: true, resolvedBy: true, assignedTo: true, assignedAt: true }),
    ),
    ebookRequests: z.array(ebookEntrySchema.omit({ abilities: true, status: true })),
    /** The replies staff sent to the address from the inbox (not their internal notes), oldest first. */
    replies: z.array(
      z.object({
        id: z.string(),
        /** The quote request or contact message the reply answered. */
        inReplyTo: z.object({ type: z.enum(['quote', 'contact']), id: z.string() }),
        body: z.string(),
        authorName: z.string(),
        sentAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'PrivacyExport' })
export type PrivacyExport = z.infer<typeof privacyExportSchema>

export const privacyEraseResultSchema = z
  .object({
    email: z.string(),
    erased: z.object({
      quoteRequests: z.number().int(),
      contacts: z.number().int(),
      ebookRequests: z.number().int(),
      /** Queued and sent e-mails to or from the address (the outbox keeps envelopes for a while). */
      mails: z.number().int(),
    }),
  })
  .meta({ id: 'PrivacyEraseResult' })
export type PrivacyEraseResult = z.infer<typeof privacyEraseResultSchema>
