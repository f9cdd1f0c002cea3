import addressparser from 'nodemailer/lib/addressparser/index.js'
import type Mail from 'nodemailer/lib/mailer'

/** One message as the outbox hands it to a transport. */
export interface MailMessage {
  /** The outbox id; it also makes the Message-ID, so a retried message keeps its identity. */
  id: string
  to: string
  replyTo: string | null
  subject: string
  text: string
  html: string
  headers: Record<string, string>
  /** The display name in From: (the business's name); null keeps MAIL_FROM's own name. */
  fromName: string | null
  attachments?: MailAttachment[]
}

/** A file sent with a message. */
export interface MailAttachment {
  filename: string
  contentType: string
  content: Buffer
}

/** Where messages go: files locally, SMTP in production. send() throws when the message was not taken. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>
}

/** Nodemailer's options for one message, shared by the file and SMTP transports. */
export function composeOptions(message: MailMessage, from: string): Mail.Options {
  const sender = mailSender(from, message.fromName)
  return {
    from: sender,
    to: message.to,
    replyTo: message.replyTo ?? undefined,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    messageId: outboxMessageId(message.id, sender.address),
  }
}

/**
 * Who a message is from: MAIL_FROM's address, under the business's name when it has one (customers
 * see their messages listed under it), else under MAIL_FROM's own display name.
 */
export function mailSender(mailFrom: string, displayName: string | null): { name: string; address: string } {
  const [parsed] = addressparser(mailFrom, { flatten: true })
  const address = parsed?.address || mailFrom.trim()
  const name = displayName?.replace(/[\r\n]+/g, ' ').trim() || parsed?.name || ''
  return { name, address }
}

/** The Message-ID of the outbox message `id` sent from `mailFrom`: stable across retries. */
export function outboxMessageId(id: string, mailFrom: string): string {
  return `<${id}@${mailDomain(mailFrom)}>`
}

/** The domain of MAIL_FROM's address: our Message-IDs end with it (and the loop guard knows them so). */
export function mailDomain(mailFrom: string): string {
  return domainOf(mailSender(mailFrom, null).address)
}

function domainOf(address: string): string {
  return /@([A-Za-z0-9.-]+)$/.exec(address)?.[1] ?? 'localhost'
}
