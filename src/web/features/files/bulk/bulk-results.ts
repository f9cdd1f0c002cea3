import type { ItemType } from '../../../../shared/contract/files'
import type { BulkItemResult } from '../../../../shared/contract/files-responses'

// What a bulk action did, item by item, in words for the results panel and a toast; and which items
// met a name conflict, so a move can ask rename / replace / skip for just those.

export interface BulkSummary {
  ok: number
  skipped: number
  failed: number
  /** One line per item that did not simply succeed: "“a.pdf”: That name is taken there." */
  problems: { key: string; name: string; message: string }[]
  /** The items that failed on a taken name (409 name_taken): a move can retry them with a choice. */
  conflicts: { type: ItemType; id: string }[]
}

export function summarise(
  results: readonly BulkItemResult[],
  nameOf: (type: ItemType, id: string) => string,
): BulkSummary {
  const summary: BulkSummary = { ok: 0, skipped: 0, failed: 0, problems: [], conflicts: [] }
  for (const r of results) {
    if (r.status === 'ok') summary.ok++
    else if (r.status === 'skipped') summary.skipped++
    else {
      summary.failed++
      summary.problems.push({
        key: `${r.type}:${r.id}`,
        name: nameOf(r.type, r.id),
        message: r.detail ?? 'This item could not be changed.',
      })
      if (r.httpStatus === 409 && r.code === 'name_taken') summary.conflicts.push({ type: r.type, id: r.id })
    }
  }
  return summary
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** "Moved 3 items; 1 skipped; 2 failed." */
export function summaryText(verb: string, s: BulkSummary): string {
  const parts = [`${verb} ${plural(s.ok, 'item')}`]
  if (s.skipped) parts.push(`${s.skipped} skipped`)
  if (s.failed) parts.push(`${s.failed} failed`)
  return `${parts.join('; ')}.`
}

export type ConflictChoice = 'rename' | 'replace' | 'skip'

export const CONFLICT_CHOICES: { value: ConflictChoice; label: string; description: string }[] = [
  {
    value: 'rename',
    label: 'Keep both',
    description: 'Move it under a free name, such as “report (1).pdf”.',
  },
  {
    value: 'replace',
    label: 'Replace',
    description: 'Put the existing item with that name in the trash, and move this one in its place.',
  },
  { value: 'skip', label: 'Skip', description: 'Leave the items with taken names where they are.' },
]
