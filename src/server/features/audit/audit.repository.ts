import type { Insertable, Kysely } from 'kysely'
import type { AuditListQuery } from '../../../shared/contract/audit'
import { orderName } from '../../../shared/order-name'
import type { Db } from '../../db/db'
import type { DB } from '../../db/schema'
import type { ListColumns } from '../../lib/list-query/apply-list-query'
import { dateRangeFilter } from '../../lib/list-query/date-range'

// Named queries of the audit log: reading it, and the one insert behind recordAudit (audit.service.ts).

export const AUDIT_LIST_COLUMNS: ListColumns<DB, 'audit_events', AuditListQuery['sort']> = {
  searchColumns: [
    'audit_events.action',
    'audit_events.actorEmail',
    'audit_events.targetType',
    'audit_events.targetId',
    'audit_events.ipAddress',
  ],
  sortColumns: {
    createdAt: 'audit_events.createdAt',
    action: 'audit_events.action',
    actorEmail: 'audit_events.actorEmail',
  },
  idColumn: 'audit_events.id',
}

/** The events matching the table's filters (not yet searched, sorted or paged). */
export function filteredAuditEvents(db: Kysely<DB>, query: AuditListQuery) {
  let qb = db.selectFrom('audit_events').selectAll('audit_events')
  if (query.action) qb = qb.where('audit_events.action', '=', query.action)
  if (query.from || query.to) qb = qb.where(dateRangeFilter('audit_events.createdAt', query))
  return qb
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof filteredAuditEvents>['executeTakeFirstOrThrow']>>

/** Users' names and orders' product names for the ids a page of events mentions. */
export async function auditNames(
  db: Kysely<DB>,
  ids: { users: ReadonlySet<string>; orders: ReadonlySet<string> },
): Promise<{ users: Map<string, string>; orders: Map<string, string> }> {
  const users = new Map<string, string>()
  if (ids.users.size > 0) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('id', 'in', [...ids.users])
      .execute()
    for (const u of rows) users.set(u.id, u.name.trim() || u.email)
  }
  const orders = new Map<string, string>()
  if (ids.orders.size > 0) {
    // The products each order bought, named by the shared rule (orderName) as receipts name them.
    const rows = await db
      .selectFrom('product_orders as po')
      .innerJoin('products as p', 'p.id', 'po.product_id')
      .select(['po.order_id', 'p.name'])
      .where('po.order_id', 'in', [...ids.orders])
      .orderBy('po.order_id')
      .orderBy('p.name')
      .execute()
    const lines = new Map<string, { name: string }[]>()
    for (const row of rows) lines.set(row.order_id, [...(lines.get(row.order_id) ?? []), { name: row.name }])
    for (const [id, orderLines] of lines) orders.set(id, orderName(orderLines))
  }
  return { users, orders }
}

export async function insertAuditEvent(db: Db, row: Insertable<DB['audit_events']>): Promise<void> {
  await db.insertInto('audit_events').values(row).execute()
}
