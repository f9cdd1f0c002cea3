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
}

/** Where messages go: files locally, SMTP in production. send() throws when the message was not taken. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>
}

/** Nodemailer's options for one message, shared by the file and SMTP transports. */
export function composeOptions(message: MailMessage, from: string): Mail.Options {
  return {
    from,
    to: message.to,
    replyTo: message.replyTo ?? undefined,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    messageId: `<${message.id}@${domainOf(from)}>`,
  }
}

function domainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
}
