import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'
import { makePrivateDir, writePrivateFile } from '../../../lib/private-files'
import { composeOptions, type MailMessage, type MailTransport } from './mail-transport'

// The default local transport (product.md §7): each message becomes an RFC 5322 .eml file under
// DATA_DIR/mail, which any mail client opens, and one log line names its links so a developer can
// click through sign-up without a mail server. The links carry tokens: that is the point locally,
// and why production should configure SMTP.

const LINK = /https?:\/\/[^\s<>"']+/g

export function createFileTransport(options: {
  dataDir: string
  from: string
  logger: Logger
}): MailTransport {
  const dir = path.join(options.dataDir, 'mail')
  // streamTransport only renders the message (nothing is sent); CRLF as RFC 5322 wants.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

  return {
    async send(message: MailMessage) {
      const info = await composer.sendMail(composeOptions(message, options.from))
      await makePrivateDir(dir)
      // Named by the outbox id (UUIDv7, so files sort by time); a retry overwrites rather than duplicates.
      // Written then renamed, so a reader never sees half a message.
      const file = path.join(dir, `${message.id}.eml`)
      const partial = `${file}.partial`
      // Owner-only: a message may hold a reset or sign-in link.
      await writePrivateFile(partial, info.message)
      await fs.rename(partial, file)
      options.logger.info(
        { to: message.to, subject: message.subject, links: linksIn(message.text), file },
        'e-mail written to a file (no SMTP_URL set)',
      )
    },
  }
}

/** The http(s) links of a text body, without trailing punctuation. */
export function linksIn(text: string): string[] {
  return [...new Set((text.match(LINK) ?? []).map((l) => l.replace(/[.,;:!?)\]]+$/, '')))]
}
