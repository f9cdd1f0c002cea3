import type { AppDeps } from '../../../deps'
import { type Caller, recordedAs } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { canTriageInbox } from '../../../policies/inbox.policy'

// Staff triage of quote requests and contact messages (product.md §4; ManageFeedback staff and
// admins): who may triage, and what its use cases share. The tables and one entry
// (triage-tables.service), pending ↔ resolved with who and when and bulk actions with a result per
// entry (triage-bulk.service, triage-entry.service), CSV exports of exactly the filtered rows, audited
// (triage-export.service).

export type Deps = Pick<AppDeps, 'database' | 'clock'>
export type TriageKind = 'quote' | 'contact'

export function authorize(actor: Caller) {
  if (!canTriageInbox(actor)) throw problems.forbidden()
}

/** Whose "assigned to me" a table filters by: the caller's own id (the operator has none). */
export const viewerId = (actor: Caller) => recordedAs(actor).id ?? ''
