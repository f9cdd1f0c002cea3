import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { canTriageInbox } from '../../../policies/inbox.policy'
import type { TriageKind } from '../triage/triage-access'
import { attachmentOf } from './inbound.repository'

/** One attachment of one entry, for staff who can see the entry (decision 0128); 404 otherwise. */
export async function findAttachment(
  deps: Pick<AppDeps, 'database'>,
  actor: Caller,
  kind: TriageKind,
  id: string,
  attachmentId: string,
) {
  if (!canTriageInbox(actor)) throw problems.forbidden()
  const table = kind === 'quote' ? 'quote_requests' : 'contacts'
  const row = await attachmentOf(deps.database.db, table, id, attachmentId)
  if (!row) throw problems.notFound('No such attachment.')
  return row
}
