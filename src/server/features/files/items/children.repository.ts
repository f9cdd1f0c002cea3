import type { SortKey } from '../../../../shared/contract/files'
import type { SortOrder } from '../../../../shared/contract/list'
import type { Dialect } from '../../../db/connection'
import type { Db } from '../../../db/db'
import { queryTemplate, type Slots } from '../../../db/query-templates'
import type { DB } from '../../../db/schema'
import type { ListColumns } from '../../../lib/list-query/apply-list-query'
import { type KeysetCursor, keysetBatchQuery } from '../../../lib/list-query/query-batches'
import { callerGrant, FOLDER_WITH_GRANT_COLUMNS } from '../access/folder-access.repository'

// A page of a folder's children, read by keyset (decision 0093): subfolders, then files, each in the
// chosen order with the id as the tie-break, straight off an index of migration 0034 (parent, trashed,
// sort key, id), so a page costs the same in a folder of ten entries or of a hundred thousand. Only
// the columns the answer shows are read.

/** The keyset order of subfolders: folders have no size, so "size" orders them by name. */
export const CHILD_FOLDER_COLUMNS: ListColumns<DB & { f: DB['folders'] }, 'f', SortKey> = {
  searchColumns: [],
  sortColumns: { name: 'f.name_key', size: 'f.name_key', updatedAt: 'f.updatedAt' },
  idColumn: 'f.id',
}

export const CHILD_FILE_COLUMNS: ListColumns<DB, 'files', SortKey> = {
  searchColumns: [],
  sortColumns: { name: 'files.name_key', size: 'files.size', updatedAt: 'files.updatedAt' },
  idColumn: 'files.id',
}

export interface ChildPageRequest {
  sort: SortKey
  order: SortOrder
  after: KeysetCursor | undefined
  limit: number
}

/** A subfolder as listed: its row (name key aside) and the caller's own grant on it (null: none). */
export interface ChildFolderRow {
  id: string
  folder_name: string
  type: DB['folders']['type']
  parent_id: string | null
  isTrashed: boolean
  createdBy: string | null
  createdAt: string
  updatedAt: string
  grant: DB['folder_permissions']['permissionType'] | null
  /** The keyset position (sort key as the database compares it, and id). */
  __keyset_key: string | number
  __keyset_id: string
}

/**
 * The untrashed subfolders of `parentId` that `viewer` may see, in keyset order after `after`.
 * `viewer.userId` null: a super user, who sees every subfolder. Otherwise a subfolder is listed when it
 * is public (it inherits the parent's access, which the caller has: the parent was opened) or when the
 * caller holds a grant on it; a locked subfolder without one is never listed (its name may be
 * confidential).
 */
export function childFoldersQuery(
  db: Db,
  dialect: Dialect,
  parentId: string,
  userId: string | null,
  page: ChildPageRequest,
) {
  let qb = db
    .selectFrom('folders as f')
    .leftJoin('folder_permissions as p', callerGrant(userId ?? ''))
    .select(FOLDER_WITH_GRANT_COLUMNS)
    .where('f.parent_id', '=', parentId)
    .where('f.isTrashed', '=', false)
  if (userId !== null) qb = qb.where((eb) => eb.or([eb('f.type', '=', 'public'), eb('p.id', 'is not', null)]))
  return keysetBatchQuery(
    dialect,
    qb,
    { sort: page.sort, order: page.order },
    CHILD_FOLDER_COLUMNS as never,
    {
      phase: 'values',
      after: page.after,
      batchSize: page.limit,
    },
  )
}

export async function childFolders(
  db: Db,
  dialect: Dialect,
  parentId: string,
  userId: string | null,
  page: ChildPageRequest,
): Promise<ChildFolderRow[]> {
  return childFoldersTemplate.rows(db, shapeOf(dialect, page, userId === null), {
    parentId,
    userId: userId ?? '',
    ...pageValues(page),
  })
}

const childFoldersTemplate = queryTemplate<PageValues & { parentId: string; userId: string }, ChildFolderRow>(
  (db, slot, shape) => {
    const { dialect, page, everyFolder } = JSON.parse(shape) as Shape
    return childFoldersQuery(db, dialect, slot.parentId, everyFolder ? null : slot.userId, pageOf(page, slot))
  },
)

/** A file as listed (no blob key, no name key). */
export interface ChildFileRow {
  id: string
  filename: string
  mimetype: string
  originalname: string
  size: number
  folder_id: string
  isTrashed: boolean
  sha256: string | null
  createdBy: string | null
  createdAt: string
  updatedAt: string
  clientModifiedAt: string | null
  __keyset_key: string | number
  __keyset_id: string
}

/** The untrashed files of `folderId` in keyset order after `after`. */
export function childFilesQuery(db: Db, dialect: Dialect, folderId: string, page: ChildPageRequest) {
  const qb = db
    .selectFrom('files')
    .select([
      'files.id',
      'files.filename',
      'files.mimetype',
      'files.originalname',
      'files.size',
      'files.folder_id',
      'files.isTrashed',
      'files.sha256',
      'files.createdBy',
      'files.createdAt',
      'files.updatedAt',
      'files.clientModifiedAt',
    ])
    .where('files.folder_id', '=', folderId)
    .where('files.isTrashed', '=', false)
  return keysetBatchQuery(dialect, qb, { sort: page.sort, order: page.order }, CHILD_FILE_COLUMNS, {
    phase: 'values',
    after: page.after,
    batchSize: page.limit,
  })
}

export async function childFiles(
  db: Db,
  dialect: Dialect,
  folderId: string,
  page: ChildPageRequest,
): Promise<ChildFileRow[]> {
  return childFilesTemplate.rows(db, shapeOf(dialect, page, false), { folderId, ...pageValues(page) })
}

const childFilesTemplate = queryTemplate<PageValues & { folderId: string }, ChildFileRow>(
  (db, slot, shape) => {
    const { dialect, page } = JSON.parse(shape) as Shape
    return childFilesQuery(db, dialect, slot.folderId, pageOf(page, slot))
  },
)

// Both lists run compiled once per shape (db/query-templates.ts): a listing runs them on every page.
// The shape is what changes the SQL text: the dialect, the order, whether a cursor continues it and,
// for subfolders, whether every one is listed (a super user).

interface Shape {
  dialect: Dialect
  page: Pick<ChildPageRequest, 'sort' | 'order'> & { continues: boolean }
  everyFolder: boolean
}

interface PageValues {
  afterKey: unknown
  afterId: unknown
  limit: number
}

function shapeOf(dialect: Dialect, page: ChildPageRequest, everyFolder: boolean): string {
  const shape: Shape = {
    dialect,
    page: { sort: page.sort, order: page.order, continues: page.after !== undefined },
    everyFolder,
  }
  return JSON.stringify(shape)
}

function pageValues(page: ChildPageRequest): PageValues {
  return { afterKey: page.after?.key ?? null, afterId: page.after?.id ?? null, limit: page.limit }
}

function pageOf(page: Shape['page'], slot: Slots<PageValues>): ChildPageRequest {
  return {
    sort: page.sort,
    order: page.order,
    after: page.continues ? { key: slot.afterKey, id: slot.afterId } : undefined,
    limit: slot.limit,
  }
}
