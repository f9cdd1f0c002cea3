import type { AuditEventItem } from '../../../shared/contract/audit'
import { formatMoney } from '../../../shared/money'
import type { AuditRow } from './audit.repository'

// The audit log as people read it: who (by name), to what (a user's or an order's name, not its id),
// and what happened, in words — money formatted, export filters described (docs/product-notes.md, staff data).
// The raw details stay in the item (and the CSV) for whoever needs them.

/** Names the log's ids resolve to, looked up once per page (auditNames in the repository). */
export interface AuditNames {
  users: ReadonlyMap<string, string>
  orders: ReadonlyMap<string, string>
  currency: string
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

const iso = (value: string | Date) => new Date(value).toISOString()

const TABLE_NAMES: Record<string, string> = {
  users: 'users',
  orders: 'orders',
  customers: 'customers',
  products: 'products',
  discount_codes: 'discount codes',
  audit_events: 'the audit log',
  ebook_requests: 'e-book requests',
  quote_requests: 'quote requests',
  contacts: 'contact messages',
  trash: 'trash',
}

const FUNCTION_NAMES: Record<string, string> = {
  ManageFolders: 'Manage folders',
  AccessShop: 'Access shop',
  UploadProducts: 'Upload products',
  ManageFeedback: 'Manage feedback',
}

const REASONS: Record<string, string> = {
  throttled: 'too many attempts',
  invalid_credentials: 'wrong e-mail or password',
  restricted: 'the account is restricted',
  email_not_verified: 'the e-mail address is not verified',
}

/** "snake_case" or "camelCase" as words: "email digest", "ebook requests". */
function words(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
}

const tableName = (table: unknown) =>
  typeof table === 'string' ? (TABLE_NAMES[table] ?? words(table)) : 'a table'

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

function list(values: unknown): string {
  if (!Array.isArray(values) || values.length === 0) return 'none'
  return values.map((v) => FUNCTION_NAMES[String(v)] ?? String(v)).join(', ')
}

function plainValue(value: unknown): string {
  if (value === null || value === undefined) return 'none'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map(plainValue).join(', ')
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${words(k)} ${plainValue(v)}`)
    .join(', ')
}

/** An export's filters in words: search “ada”, status paid, from 2026-03-01, sorted by name (A to Z). */
function describeFilters(filters: Record<string, unknown>, names: AuditNames): string {
  const parts: string[] = []
  const { q, sort, order, from, to, buyer, ...rest } = filters
  if (typeof q === 'string' && q) parts.push(`search “${q}”`)
  if (typeof buyer === 'string') parts.push(`orders of ${names.users.get(buyer) ?? 'a deleted user'}`)
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined && value !== '') parts.push(`${words(key)} ${plainValue(value)}`)
  if (typeof from === 'string' && typeof to === 'string') parts.push(`from ${from} to ${to}`)
  else if (typeof from === 'string') parts.push(`from ${from}`)
  else if (typeof to === 'string') parts.push(`up to ${to}`)
  const filtered = parts.length > 0 ? parts.join(', ') : 'every row'
  const sorted =
    typeof sort === 'string'
      ? `, sorted by ${words(sort)} ${order === 'desc' ? 'descending' : 'ascending'}`
      : ''
  return `${filtered}${sorted}`
}

function generic(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${words(key)}: ${plainValue(value)}`)
    .join('; ')
}

/** What happened, in a sentence fragment the table shows beside the action's name. */
export function describeAudit(action: string, details: Record<string, unknown>, names: AuditNames): string {
  const d = details
  switch (action) {
    case 'export': {
      const filters = d.filters && typeof d.filters === 'object' ? (d.filters as Record<string, unknown>) : {}
      return `Exported ${tableName(d.table)}: ${describeFilters(filters, names)}`
    }
    case 'role.changed':
      return 'to' in d ? `From ${plainValue(d.from)} to ${plainValue(d.to)}` : generic(d)
    case 'functions.changed':
      return 'to' in d ? `From ${list(d.from)} to ${list(d.to)}` : generic(d)
    case 'restriction.changed':
      return d.isRestricted ? 'Restricted: signed out and blocked' : 'Restriction lifted'
    case 'signin.failure':
      return typeof d.reason === 'string' ? `Refused: ${REASONS[d.reason] ?? words(d.reason)}` : ''
    case 'provider.linked':
      return typeof d.provider === 'string' ? `Signs in with ${d.provider} too` : ''
    case 'order.refund_requested': {
      const amount = typeof d.amount === 'number' ? formatMoney(d.amount, names.currency) : 'an amount'
      const order = typeof d.order_id === 'string' ? names.orders.get(d.order_id) : undefined
      return `Refund of ${amount}${order ? ` on order ${order}` : ''}`
    }
    case 'inbox.deleted': {
      const n = Array.isArray(d.ids) ? d.ids.length : 0
      return `Deleted ${plural(n, 'entry', 'entries')} from ${tableName(d.table)}`
    }
    case 'settings.changed': {
      const changed = Array.isArray(d.changed) ? d.changed.map((k) => words(String(k))).join(', ') : ''
      return `Changed ${typeof d.area === 'string' ? `${d.area} ` : ''}settings${changed ? `: ${changed}` : ''}`
    }
    case 'privacy.exported':
    case 'privacy.erased': {
      const counts = ['quoteRequests', 'contacts', 'ebookRequests']
        .filter((k) => typeof d[k] === 'number')
        .map((k) => `${d[k]} ${words(k)}`)
      return `${action === 'privacy.exported' ? 'Found' : 'Erased'} ${counts.length > 0 ? counts.join(', ') : 'nothing'}`
    }
    default:
      return generic(d)
  }
}

/** A target's name: a user's name, an order's products; other kinds say what they are. */
function targetLabel(type: string, id: string, names: AuditNames): string {
  if (type === 'user') return names.users.get(id) ?? 'a deleted user'
  if (type === 'order') return names.orders.get(id) ?? 'an order'
  return words(type)
}

export function presentAuditEvent(row: AuditRow, names: AuditNames): AuditEventItem {
  const details = parseDetails(row.details)
  return {
    id: row.id,
    createdAt: iso(row.createdAt),
    action: row.action,
    actor:
      row.actorId || row.actorEmail
        ? {
            id: row.actorId,
            email: row.actorEmail,
            name: row.actorId ? (names.users.get(row.actorId) ?? null) : null,
          }
        : null,
    target:
      row.targetType && row.targetId
        ? { type: row.targetType, id: row.targetId, label: targetLabel(row.targetType, row.targetId, names) }
        : null,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    summary: describeAudit(row.action, details, names),
    details,
  }
}

/** The ids a page of events names, for auditNames to resolve in two queries. */
export function idsToName(rows: readonly AuditRow[]): { users: Set<string>; orders: Set<string> } {
  const users = new Set<string>()
  const orders = new Set<string>()
  for (const row of rows) {
    if (row.actorId) users.add(row.actorId)
    if (row.targetType === 'user' && row.targetId) users.add(row.targetId)
    if (row.targetType === 'order' && row.targetId) orders.add(row.targetId)
    const details = parseDetails(row.details)
    if (typeof details.order_id === 'string') orders.add(details.order_id)
    const filters = details.filters as Record<string, unknown> | undefined
    if (filters && typeof filters.buyer === 'string') users.add(filters.buyer)
  }
  return { users, orders }
}
