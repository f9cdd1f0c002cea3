import type { RawEnv } from './raw-env'

// INBOUND_*: customers' answers read from the business's mailbox (decision 0128).

export interface InboundEnv {
  /** The mailbox to read; undefined: reading is off. */
  imap:
    | { secure: boolean; host: string; port: number; user: string; password: string; mailbox: string }
    | undefined
  /** inbox@biz.example: replies' Reply-To becomes inbox+<token>@biz.example; undefined: the support address. */
  replyAddress: string | undefined
  /** Where processed messages are moved; undefined: they are flagged \Seen and stay. */
  processedFolder: string | undefined
  /** A larger message is kept as a flagged entry with its headers only. */
  maxMessageBytes: number
  /** How often to look when the server offers no IDLE. */
  pollMs: number
}

const ADDRESS = /^[^\s@+]+@[^\s@]+\.[^\s@]+$/

/** INBOUND_*: the mailbox URL read apart (user, password, mailbox), the reply address checked. */
export function inboundOf(problems: string[], raw: RawEnv): InboundEnv {
  const reply = raw.INBOUND_REPLY_ADDRESS?.trim()
  if (reply !== undefined && !ADDRESS.test(reply))
    problems.push('INBOUND_REPLY_ADDRESS: must be a plain address without "+", e.g. inbox@biz.example')
  return {
    imap: imapOf(problems, raw.INBOUND_IMAP_URL),
    replyAddress: reply,
    processedFolder: raw.INBOUND_PROCESSED_FOLDER?.trim() || undefined,
    maxMessageBytes: raw.INBOUND_MAX_MESSAGE_BYTES,
    pollMs: raw.INBOUND_POLL_SECONDS * 1000,
  }
}

function imapOf(problems: string[], value: string | undefined): InboundEnv['imap'] {
  if (value === undefined) return undefined
  const url = new URL(value)
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') {
    problems.push('INBOUND_IMAP_URL: must be an imap:// or imaps:// URL')
    return undefined
  }
  if (!url.username || !url.password) {
    problems.push('INBOUND_IMAP_URL: must name the user and password (imaps://user:pass@host/INBOX)')
    return undefined
  }
  const secure = url.protocol === 'imaps:'
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX'
  return {
    secure,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox,
  }
}
