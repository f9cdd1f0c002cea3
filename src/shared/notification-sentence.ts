import type { NotificationSentence } from './contract/notifications'
import type { NotificationAction, NotificationType } from './enums'
import { formatMoney } from './money'

// Words an entry as a sentence from the parts the server sends: "‹actor› uploaded 12 files to
// Reports". Parts come back separately so the UI can emphasise names; `text` is the plain sentence
// (for aria-labels, titles and tests). Wording lives here, in one place, for the web app and the
// e-mail digest alike.

export interface SentencePart {
  text: string
  /** A name (the actor, the thing, the place): shown in bold. */
  emphasis?: boolean
}

export interface FormattedSentence {
  parts: SentencePart[]
  text: string
}

const NOUN: Record<NotificationType, [singular: string, plural: string]> = {
  folder: ['folder', 'folders'],
  file: ['file', 'files'],
  product: ['product', 'products'],
  order: ['order', 'orders'],
  quote: ['quote request', 'quote requests'],
  feedback: ['message', 'messages'],
  staffFunction: ['staff function change', 'staff function changes'],
}

const VERB: Record<NotificationAction, string> = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  copied: 'copied',
  moved: 'moved',
  ordered: 'ordered',
  uploaded: 'uploaded',
  renamed: 'renamed',
  trashed: 'trashed',
  restored: 'restored',
  resolved: 'resolved',
}

/** The little word before the place: "uploaded … to Reports", "created … in Reports". */
const PLACE: Record<NotificationAction, string | null> = {
  created: 'in',
  updated: 'in',
  deleted: 'from',
  copied: 'to',
  moved: 'to',
  ordered: null,
  uploaded: 'to',
  renamed: null, // "renamed file notes.txt to minutes.txt": where holds the old name
  trashed: 'from',
  restored: 'to',
  resolved: null,
}

const name = (text: string): SentencePart => ({ text, emphasis: true })
const words = (text: string): SentencePart => ({ text })

function count(n: number, type: NotificationType): string {
  const [one, many] = NOUN[type]
  return `${n} ${n === 1 ? one : many}`
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`

/** What one named folder held: ", 124 items" ("trashed folder Reports, 124 items"). */
function contents(s: NotificationSentence): SentencePart[] {
  return s.count === 1 && s.contents > 0 ? [words(`, ${items(s.contents)}`)] : []
}

function money(s: NotificationSentence): string | null {
  return s.amount !== null && s.currency ? formatMoney(s.amount, s.currency) : null
}

/** An order's `updated` entry, said to its buyer with no actor: "Your order Brand Kit was refunded ₦1,500.50". */
function toBuyer(s: NotificationSentence): SentencePart[] | null {
  if (s.type !== 'order' || s.action !== 'updated' || !s.aboutViewer) return null
  const order = s.item ? [words('your order '), name(s.item)] : [words('your order')]
  const amount = money(s)
  const sum = amount ? [words(' '), name(amount)] : []
  switch (s.where) {
    case 'refunded':
    case 'partly refunded':
      return [...order, words(' was refunded'), ...sum]
    case 'refund failed':
      return [
        words('the refund'),
        ...(amount ? [words(' of '), name(amount)] : []),
        words(' for '),
        ...order,
        words(' failed'),
      ]
    default: {
      // Staff sent past buyers the product's new file: "Your order Brand Kit has a new version of Brand Kit".
      const product = s.where?.startsWith(NEW_VERSION) ? s.where.slice(NEW_VERSION.length) : undefined
      if (product) return [...order, words(' has a new version of '), name(product)]
      return [...order, words(' was updated')]
    }
  }
}

/** The `where` of a new-file notification, as the shop writes it, before the product's name. */
const NEW_VERSION = 'new version of '

/** The same entry for shop staff: "Paystack refunded ₦1,500.50 of order Brand Kit". */
function orderUpdate(s: NotificationSentence): SentencePart[] | null {
  const amount = money(s)
  const order = s.item ? [words('order '), name(s.item)] : [words('an order')]
  switch (s.where) {
    case 'refunded':
    case 'partly refunded':
      return amount
        ? [words('refunded '), name(amount), words(' of '), ...order]
        : [words('refunded '), ...order]
    case 'refund failed':
      return [words('could not refund '), ...(amount ? [name(amount), words(' of ')] : []), ...order]
    default:
      return null
  }
}

/** "folder Reports", or "12 files" for a grouped entry, or "a folder" when the name is unknown. */
function thing(s: NotificationSentence, withNoun: boolean): SentencePart[] {
  if (s.count > 1) return [words(count(s.count, s.type))]
  const [noun] = NOUN[s.type]
  if (!s.item) return [words(`a ${noun}`)]
  return withNoun ? [words(`${noun} `), name(s.item)] : [name(s.item)]
}

function body(s: NotificationSentence): SentencePart[] {
  const { type, action } = s
  switch (type) {
    case 'staffFunction': {
      const whose = s.aboutViewer
        ? [words('your')]
        : s.where
          ? [name(s.where), words('’s')]
          : [words('a user’s')]
      const to = s.item ? [words(' to '), name(s.item)] : []
      return [words('changed '), ...whose, words(' staff functions'), ...to]
    }
    case 'quote':
      if (action === 'created')
        return s.item ? [words('asked for a quote: '), name(s.item)] : [words('asked for a quote')]
      if (action === 'resolved')
        return [words('resolved the quote request'), ...(s.item ? [words(' from '), name(s.item)] : [])]
      // An update is a reopening, or (addressed to the reader) an assignment.
      if (action === 'updated' && s.aboutViewer)
        return [words('assigned you the quote request'), ...(s.item ? [words(' from '), name(s.item)] : [])]
      if (action === 'updated')
        return [words('reopened the quote request'), ...(s.item ? [words(' from '), name(s.item)] : [])]
      break
    case 'feedback':
      if (action === 'created')
        return s.item ? [words('sent a message: '), name(s.item)] : [words('sent a message')]
      if (action === 'resolved')
        return [words('resolved the message'), ...(s.item ? [words(' from '), name(s.item)] : [])]
      if (action === 'updated' && s.aboutViewer)
        return [words('assigned you the message'), ...(s.item ? [words(' from '), name(s.item)] : [])]
      if (action === 'updated')
        return [words('reopened the message'), ...(s.item ? [words(' from '), name(s.item)] : [])]
      break
    case 'product':
      // A new product reaching the catalogue is its publication.
      if (action === 'created') return [words('published '), ...thing(s, false)]
      break
    case 'order': {
      if (action === 'ordered')
        return [words('placed '), ...(s.item ? [words('order '), name(s.item)] : [words('an order')])]
      const update = action === 'updated' ? orderUpdate(s) : null
      if (update) return update
      break
    }
    case 'folder':
      // A grant: "shared folder Plans with you as editor" (where holds the level).
      if (action === 'updated' && s.aboutViewer)
        return [
          words('shared '),
          ...thing(s, true),
          words(' with you'),
          ...(s.where ? [words(' as '), name(s.where)] : []),
        ]
      break
    case 'file':
      // "uploaded report.pdf": the file's name says what it is.
      if (action === 'uploaded' || action === 'copied' || action === 'moved' || action === 'restored')
        return withPlace(s, [words(`${VERB[action]} `), ...thing(s, false)])
      break
  }
  // "renamed file notes.txt to minutes.txt": the old name, then the new one.
  if (action === 'renamed' && (type === 'folder' || type === 'file') && s.count === 1 && s.where && s.item)
    return [words(`renamed ${NOUN[type][0]} `), name(s.where), words(' to '), name(s.item)]
  return withPlace(s, [words(`${VERB[action]} `), ...thing(s, true)])
}

/** "… from Docs", then what a single folder held: "trashed folder Reports from Docs, 124 items". */
function withPlace(s: NotificationSentence, parts: SentencePart[]): SentencePart[] {
  const preposition = PLACE[s.action]
  if (s.type !== 'folder' && s.type !== 'file') return parts
  if (!s.where || !preposition) return [...parts, ...contents(s)]
  return [...parts, words(` ${preposition} `), name(s.where), ...contents(s)]
}

export function formatNotificationSentence(s: NotificationSentence): FormattedSentence {
  const buyer = toBuyer(s)
  const parts = buyer ? capitalised(buyer) : [name(s.actor || 'Someone'), words(' '), ...body(s)]
  // Adjacent plain words merge, so renderers and tests see tidy parts.
  const merged: SentencePart[] = []
  for (const part of parts) {
    const last = merged.at(-1)
    if (last && !last.emphasis && !part.emphasis) last.text += part.text
    else merged.push({ ...part })
  }
  return { parts: merged, text: merged.map((p) => p.text).join('') }
}

function capitalised(parts: SentencePart[]): SentencePart[] {
  const [first, ...rest] = parts
  if (!first) return parts
  return [{ ...first, text: first.text.charAt(0).toUpperCase() + first.text.slice(1) }, ...rest]
}

/** Human labels for the type filter. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  folder: 'Folders',
  file: 'Files',
  product: 'Products',
  order: 'Orders',
  quote: 'Quote requests',
  feedback: 'Messages',
  staffFunction: 'Staff functions',
}
