import type { InboxStatus } from '../../../../shared/enums'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import type { Deps, TriageKind } from './triage-access'
import { applyBulk } from './triage-bulk.service'
import { getContact, getQuote } from './triage-tables.service'

// One entry's status or deletion, through the bulk action's rules.

/** One entry's status; the same rules as the bulk action. Answers the entry as it is now. */
export async function changeStatus(
  deps: Deps,
  by: Caller,
  kind: TriageKind,
  id: string,
  status: InboxStatus,
) {
  const result = await applyBulk(deps, by, kind, {
    action: status === 'resolved' ? 'resolve' : 'reopen',
    ids: [id],
  })
  if (result.results[0]?.outcome === 'not_found') throw problems.notFound()
  return kind === 'quote' ? getQuote(deps, by, id) : getContact(deps, by, id)
}

export async function deleteEntry(deps: Deps, by: Caller, kind: TriageKind, id: string): Promise<void> {
  const result = await applyBulk(deps, by, kind, { action: 'delete', ids: [id] })
  if (result.results[0]?.outcome === 'not_found') throw problems.notFound()
}
