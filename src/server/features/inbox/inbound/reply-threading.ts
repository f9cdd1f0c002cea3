import { randomBytes } from 'node:crypto'
import type { Env } from '../../../env'
import { outboxMessageId } from '../../mail'

// What makes a staff reply part of a conversation by e-mail (decision 0128): its own Message-ID (the
// outbox's, stable across retries), In-Reply-To and References naming the thread's earlier messages,
// and a Reply-To that names the conversation: inbox+<token>@… when INBOUND_REPLY_ADDRESS is set.

/** Lower-case base32: survives mail systems that fold the local part's case. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

/** 20 characters of 5 random bits each: 100 bits, not to be guessed. */
export function newReplyToken(): string {
  const bytes = randomBytes(20)
  let token = ''
  for (const byte of bytes) token += ALPHABET[byte & 31]
  return token
}

/** inbox@biz.example + token → inbox+token@biz.example. */
export function plusAddress(replyAddress: string, token: string): string {
  const at = replyAddress.lastIndexOf('@')
  return `${replyAddress.slice(0, at)}+${token}${replyAddress.slice(at)}`
}

/** The token of inbox+<token>@… among `addresses`, when one is to our reply address. */
export function tokenIn(replyAddress: string, addresses: readonly string[]): string | undefined {
  const at = replyAddress.lastIndexOf('@')
  const local = replyAddress.slice(0, at).toLowerCase()
  const domain = replyAddress.slice(at + 1).toLowerCase()
  for (const address of addresses) {
    const lower = address.toLowerCase()
    const match = /^([^@+]+)\+([a-z2-7]{20})@(.+)$/.exec(lower)
    if (match && match[1] === local && match[3] === domain) return match[2]
  }
  return undefined
}

/** A thread's message as the headers need it: a staff reply's outbox id, or a customer's Message-ID. */
export interface ThreadReference {
  mail_id: string | null
  rfc_message_id: string | null
}

const MAX_REFERENCES = 20

/** In-Reply-To (the latest message) and References (the thread, oldest first, at most 20). */
export function threadHeaders(
  thread: readonly ThreadReference[],
  env: Pick<Env, 'mail'>,
): Record<string, string> {
  const ids = thread
    .map((m) => m.rfc_message_id ?? (m.mail_id ? outboxMessageId(m.mail_id, env.mail.from) : null))
    .filter((id): id is string => id !== null)
  const last = ids.at(-1)
  if (!last) return {}
  return { 'In-Reply-To': last, References: ids.slice(-MAX_REFERENCES).join(' ') }
}
