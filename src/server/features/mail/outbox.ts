import type { Db } from '../../db/db'
import { newId } from '../../lib/ids'
import { insertOutboxMail } from './outbox.repository'
import { oneLine } from './templates/markup'

/** A message to send. A template gives subject/text/html/template; the caller adds `to`. */
export interface OutgoingMail {
  to: string
  replyTo?: string
  subject: string
  text: string
  html: string
  /** Extra headers, e.g. List-Unsubscribe. Structural ones (From, To, Content-Type, ...) are refused. */
  headers?: Record<string, string>
  /** The template's name, for logs and tests. */
  template: string
  /** Files made when the message is sent (the worker's attachment maker), not stored with it. */
  attachments?: MailAttachmentRef[]
}

/** An attachment by reference: which document of which kind, under what file name. */
export interface MailAttachmentRef {
  kind: string
  id: string
  filename: string
}

const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/
// Headers the transport writes itself; letting a caller set them would make two of each or worse.
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'sender',
  'return-path',
])

/**
 * Stores a message in the outbox. Pass the transaction of the action that causes the e-mail, so the
 * message exists exactly when the action commits (architecture.md, "Data"). A worker sends it later;
 * call the worker's kick() after the commit to send it now rather than at the next poll.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail, now: Date): Promise<{ id: string }> {
  const id = newId(now.getTime())
  const stamp = now.toISOString()
  await insertOutboxMail(db, {
    id,
    to_address: address(mail.to, 'to'),
    reply_to: mail.replyTo === undefined ? null : address(mail.replyTo, 'replyTo'),
    subject: oneLine(mail.subject),
    text_body: mail.text,
    html_body: mail.html,
    headers: JSON.stringify(cleanHeaders(mail.headers ?? {})),
    template: mail.template,
    attachments: JSON.stringify(mail.attachments ?? []),
    status: 'pending',
    attempts: 0,
    next_attempt_at: stamp,
    locked_until: null,
    last_error: null,
    created_at: stamp,
    sent_at: null,
  })
  return { id }
}

// Addresses come from validated input, so a bad one here is a programming error: fail the action.
function address(value: string, field: string): string {
  const trimmed = value.trim()
  if (!trimmed.includes('@') || /[\r\n]/.test(trimmed)) throw new Error(`Mail ${field} is not an address`)
  return trimmed
}

function cleanHeaders(headers: Record<string, string>): Record<string, string> {
  const clean: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) throw new Error(`Mail header name not allowed: ${JSON.stringify(name)}`)
    const lower = name.toLowerCase()
    if (RESERVED_HEADERS.has(lower) || lower.startsWith('content-')) {
      throw new Error(`Mail header ${name} is set by the transport`)
    }
    clean[name] = oneLine(value)
  }
  return clean
}
