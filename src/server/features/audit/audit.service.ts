import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { newId } from '../../lib/ids'

export const AUDIT_ACTIONS = [
  'signin.success',
  'signin.failure',
  'signout',
  'signup',
  'email.verified',
  'password.changed',
  'password.reset',
  'role.changed',
  'functions.changed',
  'restriction.changed',
  'sessions.revoked',
  'export',
  'admin.setup',
  'provider.linked',
  'inbox.deleted',
  'settings.changed',
  'privacy.exported',
  'privacy.erased',
  'order.refund_requested',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export interface AuditEvent {
  action: AuditAction
  actor?: { id: string | null; email: string | null }
  target?: { type: string; id: string }
  from?: { ipAddress?: string; userAgent?: string }
  details?: Record<string, unknown>
}

// Keys that must never be written, whoever passes them: the audit log is read by people.
const SECRET_KEY = /pass(word)?|token|secret|cookie|authorization|hash/i

/** Who did what, to what, when and from where (issue 3 §13). Runs in the caller's transaction if given one. */
export async function recordAudit(
  db: Kysely<DB> | Transaction<DB>,
  event: AuditEvent,
  now: Date,
): Promise<void> {
  const details = event.details ?? {}
  const leaked = Object.keys(details).filter((k) => SECRET_KEY.test(k))
  if (leaked.length > 0) throw new Error(`audit details must not carry secrets (${leaked.join(', ')})`)
  await db
    .insertInto('audit_events')
    .values({
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
    .execute()
}
