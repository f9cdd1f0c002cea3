import { createHash } from 'node:crypto'
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser'
import { REFUSED_ATTACHMENT_EXTENSIONS, REFUSED_ATTACHMENT_TYPES } from '../../../../shared/contract/inbox'
import { htmlToPlainText, sanitizeMailHtml, splitQuotedHtml } from './mail-html'
import { foldQuotedText } from './quote-folding'

// One message from the mailbox, read into what the inbox keeps (decision 0128): who sent it, what it
// answers, the words (quoted history folded away), safe HTML, the attachments within limits, and
// whether it is to be ignored (auto-replies, bounces, our own mail) or held for a look (oversized,
// malformed). Reading never throws: what cannot be parsed becomes a flagged message with what could.

export interface Attachment {
  filename: string
  mimetype: string
  content: Buffer
}

export type IgnoreReason = 'auto-reply' | 'bounce' | 'loop'
export type HoldReason = 'oversized' | 'malformed'

export interface ReadMail {
  /** The Message-ID, <…> included; made from the bytes when the message has none. */
  messageId: string
  from: { address: string; name: string } | undefined
  subject: string
  /** In-Reply-To and References, <…> included, oldest first. */
  references: string[]
  /** Every address it was sent to (To, Cc, Delivered-To, X-Original-To): the plus-token is among them. */
  recipients: string[]
  visible: string
  quoted: string | null
  html: string | null
  attachments: Attachment[]
  /** Attachments not kept, by name and why: noted under the message. */
  refused: string[]
  ignore: IgnoreReason | undefined
  hold: HoldReason | undefined
}

export interface ReadingRules {
  /** Our own addresses (MAIL_FROM's, the reply address): mail from them is ours coming back. */
  ownAddresses: string[]
  /** MAIL_FROM's domain: a Message-ID <uuid@it> is one of ours. */
  ownDomain: string
  maxAttachmentBytes: number
  maxAttachments: number
}

const ID = /<[^<>\s]+>/g

export async function readMail(raw: Buffer, rules: ReadingRules, hold?: HoldReason): Promise<ReadMail> {
  let parsed: ParsedMail
  try {
    parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true })
  } catch {
    return malformed(raw)
  }
  const from = firstAddress(parsed.from)
  const messageId = parsed.messageId?.match(ID)?.[0] ?? syntheticId(raw)
  const mail: ReadMail = {
    messageId,
    from,
    subject: (parsed.subject ?? '').trim(),
    references: referencesOf(parsed),
    recipients: recipientsOf(parsed),
    ...textOf(parsed, hasPlainPart(raw)),
    ...attachmentsOf(parsed, rules),
    ignore: undefined,
    hold: hold ?? (from ? undefined : 'malformed'),
  }
  mail.ignore = ignoreReason(parsed, mail, rules)
  return mail
}

function malformed(raw: Buffer): ReadMail {
  const text = raw.subarray(0, 64 * 1024).toString('latin1')
  return {
    messageId: syntheticId(raw),
    from: undefined,
    subject: '',
    references: [],
    recipients: [],
    visible: text,
    quoted: null,
    html: null,
    attachments: [],
    refused: [],
    ignore: undefined,
    hold: 'malformed',
  }
}

/** A stable Message-ID for a message without one: the same bytes read twice are one message. */
function syntheticId(raw: Buffer): string {
  return `<${createHash('sha256').update(raw).digest('hex').slice(0, 40)}@no-message-id.invalid>`
}

function addressesOf(
  value: AddressObject | AddressObject[] | undefined,
): { address: string; name: string }[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value]
  return list.flatMap((o) =>
    o.value.flatMap((a) => (a.address ? [{ address: a.address.toLowerCase(), name: a.name ?? '' }] : [])),
  )
}

function firstAddress(value: AddressObject | AddressObject[] | undefined) {
  const first = addressesOf(value)[0]
  return first && /^[^\s@]+@[^\s@]+$/.test(first.address) ? first : undefined
}

function headerText(parsed: ParsedMail, name: string): string {
  const value = parsed.headers.get(name)
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.join(' ')
  if (typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value)
  return String(value)
}

function referencesOf(parsed: ParsedMail): string[] {
  const refs = [headerText(parsed, 'references'), headerText(parsed, 'in-reply-to')].join(' ')
  return [...new Set(refs.match(ID) ?? [])]
}

function recipientsOf(parsed: ParsedMail): string[] {
  const listed = [...addressesOf(parsed.to), ...addressesOf(parsed.cc)].map((a) => a.address)
  const delivered = ['delivered-to', 'x-original-to'].flatMap((h) =>
    headerText(parsed, h)
      .split(/[\s,]+/)
      .map((a) => a.replace(/[<>]/g, '').toLowerCase())
      .filter((a) => a.includes('@')),
  )
  return [...new Set([...listed, ...delivered])]
}

/** Whether the sender wrote plain text (a text/plain part, or no Content-Type at all). */
function hasPlainPart(raw: Buffer): boolean {
  const text = raw.toString('latin1')
  return /^content-type:\s*text\/plain/im.test(text) || !/^content-type:/im.test(text)
}

/** The words: the sender's own plain text, else the HTML's text (the parser's adds link addresses). */
function textOf(parsed: ParsedMail, plain: boolean): Pick<ReadMail, 'visible' | 'quoted' | 'html'> {
  const html = typeof parsed.html === 'string' ? parsed.html : null
  // The HTML's quoted history, where its client marked it, is folded away like the text's: the page
  // shows the new part's HTML, and the history as text behind "Show quoted text".
  const split = html ? splitQuotedHtml(html) : undefined
  const usePlain = plain && Boolean(parsed.text?.trim())
  if (split && !usePlain) {
    // An attribution ("On …, … wrote:") left just before the marker folds away with the history.
    const head = foldQuotedText(htmlToPlainText(split.head))
    const quoted = [head.quoted, htmlToPlainText(split.tail)].filter(Boolean).join('\n')
    return { visible: head.visible, quoted: quoted || null, html: sanitizeMailHtml(split.head) }
  }
  const text = usePlain ? parsed.text! : html ? htmlToPlainText(html) : (parsed.text ?? '')
  const folded = foldQuotedText(text)
  return { ...folded, html: html ? sanitizeMailHtml(split?.head ?? html) : null }
}

function attachmentsOf(parsed: ParsedMail, rules: ReadingRules): Pick<ReadMail, 'attachments' | 'refused'> {
  const attachments: Attachment[] = []
  const refused: string[] = []
  for (const part of parsed.attachments) {
    const filename = (part.filename ?? 'attachment').replace(/[\\/\r\n\0]/g, '_').slice(0, 200)
    const mimetype = (part.contentType || 'application/octet-stream').toLowerCase()
    if (REFUSED_ATTACHMENT_EXTENSIONS.test(filename) || REFUSED_ATTACHMENT_TYPES.test(mimetype)) {
      refused.push(`${filename}: this kind of file is not accepted`)
    } else if (part.size > rules.maxAttachmentBytes) {
      refused.push(
        `${filename}: larger than the ${Math.round(rules.maxAttachmentBytes / 1024 ** 2)} MB allowed`,
      )
    } else if (attachments.length >= rules.maxAttachments) {
      refused.push(`${filename}: more than ${rules.maxAttachments} attachments`)
    } else attachments.push({ filename, mimetype, content: part.content })
  }
  return { attachments, refused }
}

/** Auto-replies, bounces and our own mail coming back: kept in the ledger, never answered or threaded. */
function ignoreReason(parsed: ParsedMail, mail: ReadMail, rules: ReadingRules): IgnoreReason | undefined {
  const from = mail.from?.address ?? ''
  if (rules.ownAddresses.includes(from)) return 'loop'
  const ownId = new RegExp(`^<[0-9a-f-]{36}@${rules.ownDomain.replace(/\./g, '\\.')}>$`, 'i')
  if (ownId.test(mail.messageId)) return 'loop'
  const contentType = headerText(parsed, 'content-type').toLowerCase()
  if (contentType.includes('multipart/report') || /^(mailer-daemon|postmaster)@/.test(from)) return 'bounce'
  const auto = headerText(parsed, 'auto-submitted').trim().toLowerCase()
  if (auto && auto !== 'no') return 'auto-reply'
  if (/^(bulk|auto_reply|junk|list)$/i.test(headerText(parsed, 'precedence').trim())) return 'auto-reply'
  if (parsed.headers.has('x-autoreply') || parsed.headers.has('x-autorespond')) return 'auto-reply'
  return undefined
}
