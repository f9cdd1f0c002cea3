import type { Caller } from '../lib/http/caller'

// The audit log records what admins and everyone else did; reading it (and exporting it) is for
// unrestricted admins only. Staff functions give no access: the log names every user's sign-ins.

export function canReadAuditLog(actor: Caller): boolean {
  return actor.kind === 'user' && actor.role === 'admin' && !actor.isRestricted
}
