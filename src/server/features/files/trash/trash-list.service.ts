import type { TrashListQuery } from '../../../../shared/contract/files'
import type { AppDeps } from '../../../deps'
import { type CsvColumn, csvStream } from '../../../lib/csv/csv-stream'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { fetchListPage } from '../../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../../lib/list-query/query-batches'
import { isFolderSuperUser } from '../../../policies/folders.policy'
import { recordExport } from '../../audit/audit.service'
import { loadGroup } from './trash.repository'
import {
  groupTotals,
  TRASH_LIST_COLUMNS,
  type VisibleEntryRow,
  visibleEntries,
} from './trash-entries.repository'
import { presentEntry, purgeTime, rowFacts, trashScope, visibleEntry } from './trash-entry-access'

// The trash as a table (docs/decisions/0026): a page of entries, their CSV export, one entry's contents.

/**
 * One page of the entries the caller may see (scoped, searched, sorted and paged in SQL), each with
 * its size and item count (the page's groups only) and when it goes for good.
 */
export async function listTrash(deps: AppDeps, who: SignedInCaller, query: TrashListQuery) {
  const db = deps.database.db
  const page = await fetchListPage(visibleEntries(db, trashScope(who), query), query, TRASH_LIST_COLUMNS)
  // One aggregate over whole groups (100k items after a large trash): a read-only transaction, so on
  // SQLite it runs off the event loop (decision 0107).
  const totals = await db
    .transaction()
    .setAccessMode('read only')
    .execute((trx) => groupTotals(trx, page.items))
  const items = page.items.map((row) =>
    presentEntry(deps, who, row, rowFacts(row), totals.get(row.item_id) ?? { size: 0, items: 0 }),
  )
  return { ...page, items }
}

const CSV_COLUMNS: CsvColumn<VisibleEntryRow & { purgesAt: string }>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'type', value: (r) => r.item_type },
  { header: 'name', value: (r) => r.filename },
  { header: 'folder', value: (r) => r.folder_name },
  { header: 'deletedAt', value: (r) => new Date(r.deletedAt) },
  { header: 'trashedById', value: (r) => r.trashedBy },
  { header: 'trashedBy', value: (r) => r.trashedByName },
  { header: 'purgesAt', value: (r) => new Date(r.purgesAt) },
  { header: 'itemId', value: (r) => r.item_id },
  { header: 'folderId', value: (r) => r.folder_id },
]

/** Super users: every entry matching the table's filters and search, streamed by keyset; audited. */
export async function exportTrash(deps: AppDeps, who: SignedInCaller, query: TrashListQuery) {
  if (!isFolderSuperUser(who))
    throw problems.forbidden('Only administrators and folder managers can export the trash.')
  await recordExport(deps.database.db, who, 'trash_items', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    visibleEntries(deps.database.db, trashScope(who), query),
    query,
    TRASH_LIST_COLUMNS,
  )
  const retention = deps.env.trashRetentionDays
  async function* withPurge() {
    for await (const row of rows) yield { ...row, purgesAt: purgeTime(row.deletedAt, retention) }
  }
  return csvStream(CSV_COLUMNS, withPurge())
}

/** What a trashed folder entry holds (what went to the trash with it), flat, with parent ids. */
export async function trashEntryContents(deps: AppDeps, who: SignedInCaller, entryId: string) {
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  const group = await loadGroup(deps.database.db, entry)
  return {
    entry: presentEntry(deps, who, entry, facts, {
      size: group.files.reduce((s, f) => s + Number(f.size), 0),
      items: group.folders.length + group.files.length,
    }),
    folders: group.folders
      .filter((f) => f.id !== entry.item_id)
      .map((f) => ({ id: f.id, folder_name: f.folder_name, type: f.type, parent_id: f.parent_id })),
    files: group.files.map((f) => ({
      id: f.id,
      filename: f.filename,
      mimetype: f.mimetype,
      size: Number(f.size),
      folder_id: f.folder_id,
    })),
  }
}
