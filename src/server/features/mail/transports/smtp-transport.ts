import nodemailer from 'nodemailer'
import { composeOptions, type MailMessage, type MailTransport } from './mail-transport'
import { describeError } from './safe-error'

// Production transport: SMTP_URL (smtp://user:pass@host:587 upgrades with STARTTLS when offered,
// smtps://host:465 is TLS from the start), sender MAIL_FROM.

// Short timeouts: a send must end well within the worker's 5-minute claim, or another sender could
// take the message over and deliver it a second time. Nodemailer's defaults reach 10 minutes.
const TIMEOUTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
  dnsTimeout: 15_000,
}

export function createSmtpTransport(options: { smtpUrl: string; from: string }): MailTransport {
  const url = new URL(options.smtpUrl)
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`)
  }
  const secrets = [url.password, decodeURIComponent(url.password)].filter(Boolean)
  const transporter = nodemailer.createTransport({ url: options.smtpUrl, ...TIMEOUTS })

  return {
    async send(message: MailMessage) {
      try {
        await transporter.sendMail(composeOptions(message, options.from))
      } catch (error) {
        // Rethrown with a description safe to store and log: the original may quote the conversation.
        throw new Error(describeError(error, secrets))
      }
    },
  }
}
