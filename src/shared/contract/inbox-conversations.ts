import { z } from 'zod'
import { CONTROL_IN_TEXT } from './inbox'

// The conversation on a quote request or contact message (staff side): replies mailed to the sender,
// internal notes that are never mailed, and who the entry is assigned to.

/** What staff write: a reply (mailed) or a note (never mailed). */
export const INBOX_MESSAGE_KINDS = ['reply', 'note'] as const
export type InboxMessageKind = (typeof INBOX_MESSAGE_KINDS)[number]
/** What a thread holds: staff's replies and notes, and the customer's messages read from the mailbox. */
export const THREAD_MESSAGE_KINDS = ['reply', 'note', 'customer'] as const
export type ThreadMessageKind = (typeof THREAD_MESSAGE_KINDS)[number]

/** Where a reply's e-mail is: waiting in the outbox, sent, or given up on. Null for notes. */
export const REPLY_DELIVERIES = ['queued', 'sent', 'failed'] as const

export const MAX_REPLY_CHARS = 10_000

export const messageBodySchema = z
  .object({
    body: z
      .string({ error: 'Write the message.' })
      .transform((v) => v.replace(/\r\n?/g, '\n').trim())
      .pipe(
        z
          .string()
          .min(1, { error: 'Write the message.' })
          .max(MAX_REPLY_CHARS, { error: `Keep the message under ${MAX_REPLY_CHARS} characters.` })
          .refine((v) => !CONTROL_IN_TEXT.test(v), {
            error: 'The message cannot contain control characters.',
          }),
      ),
  })
  .meta({ id: 'InboxMessageInput' })
export type MessageBodyInput = z.infer<typeof messageBodySchema>

export const inboxAttachmentSchema = z
  .object({ id: z.string(), filename: z.string(), mimetype: z.string(), size: z.number().int() })
  .meta({ id: 'InboxAttachment' })
export type InboxAttachment = z.infer<typeof inboxAttachmentSchema>

export const inboxMessageSchema = z
  .object({
    id: z.string(),
    kind: z.enum(THREAD_MESSAGE_KINDS),
    /** The text to show; for a customer's message, without the quoted history. */
    body: z.string(),
    /** Who wrote it: their id while the account exists, and their name as it was. */
    author: z.object({ id: z.string().nullable(), name: z.string() }),
    createdAt: z.string(),
    /** A reply's e-mail: where it is now (null for notes, or once the outbox has forgotten it). */
    delivery: z.enum(REPLY_DELIVERIES).nullable(),
    /** A customer's message: the quoted history folded away (null when there was none). */
    quoted: z.string().nullable().optional(),
    /** A customer's HTML mail, sanitized: no scripts, no remote images (null for plain text). */
    html: z.string().nullable().optional(),
    /** A customer's message: true when it came by e-mail (read from the mailbox), false when written in My requests. */
    viaEmail: z.boolean().optional(),
    /** A customer's attachments, downloadable by whoever sees the entry. */
    attachments: z.array(inboxAttachmentSchema).optional(),
  })
  .meta({ id: 'InboxMessage' })
export type InboxMessage = z.infer<typeof inboxMessageSchema>

export const inboxThreadSchema = z.object({ items: z.array(inboxMessageSchema) }).meta({ id: 'InboxThread' })
export type InboxThread = z.infer<typeof inboxThreadSchema>

export const assignSchema = z
  .object({
    userId: z.string().uuid({ error: 'Choose a teammate (a user id), or null for nobody.' }).nullable(),
  })
  .meta({ id: 'InboxAssignment' })
export type AssignInput = z.infer<typeof assignSchema>

export const assigneeListSchema = z
  .object({ items: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })) })
  .meta({ id: 'InboxAssignees' })
export type AssigneeList = z.infer<typeof assigneeListSchema>
