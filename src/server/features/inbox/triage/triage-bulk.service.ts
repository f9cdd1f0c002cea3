import type { BulkActionInput, BulkOutcome, BulkResult } from '../../../../shared/contract/inbox-staff'
import { type Caller, recordedAs } from '../../../lib/http/caller'
import { recordAudit } from '../../audit/audit.service'
import { notify } from '../../notifications/notify'
import { deleteEntries, entryHeads, markPending, markResolved, type TriageTable } from './triage.repository'
import { authorize, type Deps, type TriageKind } from './triage-access'

const KINDS: Record<TriageKind, { table: TriageTable; notification: 'quote' | 'feedback' }> = {
  quote: { table: 'quote_requests', notification: 'quote' },
  contact: { table: 'contacts', notification: 'feedback' },
}

function inOrder(asked: readonly string[], got: readonly string[]): string[] {
  const set = new Set(got)
  return asked.filter((id) => set.has(id))
}

/**
 * Resolve, reopen or delete several entries at once, in one transaction. Every distinct id gets an
 * outcome: what happened, `unchanged` (already in that status) or `not_found`. Resolving records who
 * and when and notifies staff once for the whole action; reopening clears both.
 */
export async function applyBulk(
  deps: Deps,
  by: Caller,
  kind: TriageKind,
  input: BulkActionInput,
): Promise<BulkResult> {
  authorize(by)
  const { table, notification } = KINDS[kind]
  const ids = [...new Set(input.ids)]
  const now = deps.clock()
  return deps.database.db.transaction().execute(async (trx) => {
    const heads = await entryHeads(trx, table, ids)
    const existing = heads.map((h) => h.id)
    let changed: string[] = []
    if (existing.length > 0) {
      if (input.action === 'resolve')
        changed = await markResolved(trx, table, existing, recordedAs(by).id, now)
      if (input.action === 'reopen') changed = await markPending(trx, table, existing, now)
      if (input.action === 'delete') changed = await deleteEntries(trx, table, existing, now)
      // RETURNING gives no order on PostgreSQL: keep the order the ids were asked in.
      changed = inOrder(ids, changed)
      if (input.action === 'delete') {
        await recordAudit(
          trx,
          {
            action: 'inbox.deleted',
            actor: recordedAs(by),
            from: by.from,
            details: { table, ids: changed },
          },
          now,
        )
      }
    }
    if (input.action !== 'delete' && changed.length > 0) {
      // Resolving and reopening are both recorded for staff and in the audit log. The specification's
      // notification actions have no "reopened": a reopening is an `updated` quote or feedback entry.
      await recordAudit(
        trx,
        {
          action: input.action === 'resolve' ? 'inbox.resolved' : 'inbox.reopened',
          actor: recordedAs(by),
          from: by.from,
          details: { table, ids: changed },
        },
        now,
      )
      const one = changed.length === 1 ? heads.find((h) => h.id === changed[0]) : undefined
      await notify(
        trx,
        {
          type: notification,
          action: input.action === 'resolve' ? 'resolved' : 'updated',
          actor: recordedAs(by),
          mainItem: one ? `${one.first_name} ${one.last_name}`.trim() : null,
          count: changed.length,
          audience: { forAll: true },
        },
        now,
      )
    }
    const done: BulkOutcome =
      input.action === 'resolve' ? 'resolved' : input.action === 'reopen' ? 'reopened' : 'deleted'
    const results = ids.map((id) => ({
      id,
      outcome: (changed.includes(id)
        ? done
        : existing.includes(id)
          ? 'unchanged'
          : 'not_found') as BulkOutcome,
    }))
    return { results, changed: changed.length }
  })
}
