import type { Logger } from 'pino'
import { createFileTransport } from './file-transport'
import type { MailTransport } from './mail-transport'
import { createSmtpTransport } from './smtp-transport'

export { createFileTransport, linksIn } from './file-transport'
export type { MailAttachment, MailMessage, MailTransport } from './mail-transport'
export { mailDomain, mailSender, outboxMessageId } from './mail-transport'
export { describeError } from './safe-error'
export { createSmtpTransport } from './smtp-transport'

/** SMTP when SMTP_URL is set, otherwise files under DATA_DIR/mail (architecture.md, operator contract). */
export function createMailTransport(
  config: { smtpUrl: string | undefined; from: string; dataDir: string },
  logger: Logger,
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport({ smtpUrl: config.smtpUrl, from: config.from })
    : createFileTransport({ dataDir: config.dataDir, from: config.from, logger })
}
