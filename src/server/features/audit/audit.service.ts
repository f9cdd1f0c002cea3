import type { AuditAction } from '../../../shared/contract/audit'
import type { Db } from '../../db/db'
import { type Caller, type RequestOrigin, recordedAs } from '../../lib/http/caller'
import { newId } from '../../lib/ids'
import { insertAuditEvent } from './audit.repository'

// The list lives in the contract, so the audit table's action filter offers exactly these.
export { AUDIT_ACTIONS, type AuditAction } from '../../../shared/contract/audit'

export interface AuditEvent {
  action: AuditAction
  actor?: { id: string | null; email: string | null }
  target?: { type: string; id: string }
  from?: RequestOrigin
  details?: Record<string, unknown>
}

// Keys that must never be written, whoever passes them: the audit log is read by people.
const SECRET_KEY = /pass(word)?|token|secret|cookie|authorization|hash/i

/** Who did what, to what, when and from where. Runs in the caller's transaction if given one. */
export async function recordAudit(db: Db, event: AuditEvent, now: Date): Promise<void> {
  const details = event.details ?? {}
  const leaked = Object.keys(details).filter((k) => SECRET_KEY.test(k))
  if (leaked.length > 0) throw new Error(`audit details must not carry secrets (${leaked.join(', ')})`)
  await insertAuditEvent(db, {
    id: newId(now.getTime()),
    createdAt: now.toISOString(),
    action: event.action,
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    ipAddress: event.from?.ipAddress ?? null,
    userAgent: event.from?.userAgent?.slice(0, 512) ?? null,
    details: JSON.stringify(details),
  })
}

/**
 * Records a CSV export (product.md §6: exports are audited): who, which table, and the filters that
 * chose the rows. Paging is left out, as an export is every matching row, not one page.
 */
export async function recordExport(
  db: Db,
  by: Caller,
  table: string,
  query: { page?: number; pageSize?: number },
  now: Date,
  also: Record<string, unknown> = {},
): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...filters } = query
  await recordAudit(
    db,
    {
      action: 'export',
      actor: recordedAs(by),
      from: by.from,
      details: { table, filters: { ...filters, ...also } },
    },
    now,
  )
}

/**
 * Records a change of admin settings: the area, which settings changed and their new values (the
 * audit log reads it back as "Changed <area> settings: …"), and the settings row when one holds them.
 */
export async function recordSettingsChange(
  db: Db,
  by: Caller,
  change: { area: string; values: Record<string, unknown>; settingsKey?: string },
  now: Date,
): Promise<void> {
  await recordAudit(
    db,
    {
      action: 'settings.changed',
      actor: recordedAs(by),
      from: by.from,
      ...(change.settingsKey ? { target: { type: 'settings', id: change.settingsKey } } : {}),
      details: { area: change.area, changed: Object.keys(change.values), ...change.values },
    },
    now,
  )
}
