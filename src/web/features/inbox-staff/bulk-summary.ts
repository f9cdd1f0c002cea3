import type { BulkOutcome, BulkResult } from '../../../shared/contract/inbox-staff'

// What a bulk action did, in words: the server answers one outcome per id, and staff should see
// which entries did not change and why, not only a count.

const OUTCOME_WORDS: Record<BulkOutcome, string> = {
  resolved: 'resolved',
  reopened: 'reopened',
  deleted: 'deleted',
  unchanged: 'already in that state',
  not_found: 'already gone',
}

const ORDER: readonly BulkOutcome[] = ['resolved', 'reopened', 'deleted', 'unchanged', 'not_found']

/** "3 resolved, 1 already in that state": outcomes in a fixed order, empty ones left out. */
export function bulkSummary(result: BulkResult): string {
  const counts = new Map<BulkOutcome, number>()
  for (const { outcome } of result.results) counts.set(outcome, (counts.get(outcome) ?? 0) + 1)
  const parts = ORDER.filter((o) => counts.has(o)).map((o) => `${counts.get(o)} ${OUTCOME_WORDS[o]}`)
  return parts.length > 0 ? `${parts.join(', ')}.` : 'Nothing was selected.'
}

/**
 * The entries that did not change, each with its label and why, for the notice under the toast.
 * `labelOf` names an id (the row's name or address), falling back to the id for rows no longer shown.
 */
export function unchangedEntries(
  result: BulkResult,
  labelOf: (id: string) => string | undefined,
): { id: string; label: string; reason: string }[] {
  return result.results
    .filter((r) => r.outcome === 'unchanged' || r.outcome === 'not_found')
    .map((r) => ({ id: r.id, label: labelOf(r.id) ?? r.id, reason: OUTCOME_WORDS[r.outcome] }))
}
