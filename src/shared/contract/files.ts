import { z } from 'zod'
import { FOLDER_TYPES, PERMISSION_TYPES } from '../enums'
import { NAME_PROBLEM_MESSAGES, nameProblem } from '../names'
import { emailSchema } from './accounts'
import { cursorPagingFields, listQuerySchema, optionalChoice } from './list'

// The file manager's metadata API (product.md §2): folders, files, moves and copies, sharing,
// home views, search and the trash. Uploads, downloads and previews are in the transfer contract.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

export const itemIdSchema = z
  .string({ error: 'Use an id.' })
  .regex(UUID, { error: 'Use an id.' })
  .transform((s) => s.toLowerCase())

export const idParamsSchema = z.object({ id: itemIdSchema })
export const folderUserParamsSchema = z.object({ id: itemIdSchema, userId: itemIdSchema })
export const folderPendingShareParamsSchema = z.object({ id: itemIdSchema, pendingId: itemIdSchema })

/** A file or folder name, by the shared name rules (the web app checks with the same function). */
export const itemNameSchema = z
  .string({ error: 'Enter a name.' })
  .superRefine((value, ctx) => {
    const problem = nameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: NAME_PROBLEM_MESSAGES[problem] })
  })
  .transform((s) => s.normalize('NFC'))

export const ITEM_TYPES = ['file', 'folder'] as const
export type ItemType = (typeof ITEM_TYPES)[number]

/** What a move does when the name is taken in the target: 409 unless one of these is given. */
export const ON_CONFLICT = ['rename', 'replace', 'skip'] as const
export type OnConflict = (typeof ON_CONFLICT)[number]

export const createFolderSchema = z.object({
  folder_name: itemNameSchema,
  /** Absent or null: a top-level folder (locked unless a super user asks for public). */
  parent_id: itemIdSchema.nullish(),
  type: z.enum(FOLDER_TYPES, { error: 'Type must be public or locked.' }).optional(),
})
export type CreateFolderInput = z.infer<typeof createFolderSchema>

/** How big a tree of folders one request may make (an uploaded folder's subfolders). */
export const FOLDER_TREE_LIMITS = { maxFolders: 1000, maxDepth: 32 } as const

/**
 * A tree of folders to make inside a folder in one request: each path is the names from the folder
 * down (["Reports", "2025"]); a path's parents need not be listed. Existing folders are reused.
 */
export const folderTreeSchema = z.object({
  paths: z
    .array(
      z
        .array(itemNameSchema)
        .min(1, { error: 'A path names at least one folder.' })
        .max(FOLDER_TREE_LIMITS.maxDepth, {
          error: `Folders can be nested at most ${FOLDER_TREE_LIMITS.maxDepth} deep in one upload.`,
        }),
    )
    .min(1, { error: 'Name at least one folder.' })
    .max(FOLDER_TREE_LIMITS.maxFolders, {
      error: `At most ${FOLDER_TREE_LIMITS.maxFolders} folders can be made at once.`,
    }),
})
export type FolderTreeInput = z.infer<typeof folderTreeSchema>

export const updateFolderSchema = z
  .object({
    folder_name: itemNameSchema.optional(),
    type: z.enum(FOLDER_TYPES, { error: 'Type must be public or locked.' }).optional(),
  })
  .refine((v) => v.folder_name !== undefined || v.type !== undefined, { error: 'Nothing to change.' })
export type UpdateFolderInput = z.infer<typeof updateFolderSchema>

export const updateFileSchema = z.object({ filename: itemNameSchema })
export type UpdateFileInput = z.infer<typeof updateFileSchema>

export const moveSchema = z.object({
  targetFolderId: itemIdSchema,
  onConflict: z.enum(ON_CONFLICT, { error: 'onConflict must be rename, replace or skip.' }).optional(),
})
export type MoveInput = z.infer<typeof moveSchema>

/** A folder may also move to the top of My folders: `targetFolderId: null`. */
export const moveFolderSchema = moveSchema.extend({ targetFolderId: itemIdSchema.nullable() })
export type MoveFolderInput = z.infer<typeof moveFolderSchema>

export const copySchema = z.object({ targetFolderId: itemIdSchema })
export type CopyInput = z.infer<typeof copySchema>

export const itemRefSchema = z.object({
  type: z.enum(ITEM_TYPES, { error: 'Type must be file or folder.' }),
  id: itemIdSchema,
})
export type ItemRef = z.infer<typeof itemRefSchema>

export const MAX_BULK_ITEMS = 500
const selection = z
  .array(itemRefSchema)
  .min(1, { error: 'Select at least one item.' })
  .max(MAX_BULK_ITEMS, { error: `Select at most ${MAX_BULK_ITEMS} items at once.` })

export const bulkMoveSchema = moveSchema.extend({ items: selection })
export const bulkCopySchema = copySchema.extend({ items: selection })
export const bulkTrashSchema = z.object({ items: selection })

export const HOME_VIEWS = ['public', 'shared', 'mine', 'all'] as const
export type HomeView = (typeof HOME_VIEWS)[number]
export const SORT_KEYS = ['name', 'size', 'updatedAt'] as const
export type SortKey = (typeof SORT_KEYS)[number]

const sorting = {
  sort: z.preprocess(blank, z.enum(SORT_KEYS, { error: 'Sort by name, size or updatedAt.' }).default('name')),
  order: z.preprocess(blank, z.enum(['asc', 'desc'], { error: 'Order is asc or desc.' }).default('asc')),
}

export const homeQuerySchema = z.object({
  view: z.preprocess(
    blank,
    z.enum(HOME_VIEWS, { error: 'View must be public, shared, mine or all.' }).default('mine'),
  ),
  ...sorting,
})
export type HomeQuery = z.infer<typeof homeQuerySchema>

/**
 * A page of a folder's children: folders first, then files, in the chosen order, read by keyset
 * (`cursor` is the previous page's `nextCursor`, tied to the sort it was made for).
 */
export const childrenQuerySchema = z.object({ ...sorting, ...cursorPagingFields() })
export type ChildrenQuery = z.infer<typeof childrenQuerySchema>

export const SEARCH_SCOPES = ['all', 'public'] as const
/** The fewest characters a name search takes: the name index works on trigrams (decision 0094). */
export const SEARCH_MIN_CHARACTERS = 3
export const SEARCH_PAGE_SIZE = 50
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter something to search for.' })
    .trim()
    .refine((q) => [...q].length >= SEARCH_MIN_CHARACTERS, {
      error: `Type at least ${SEARCH_MIN_CHARACTERS} characters to search.`,
    }),
  /** `public`: only what lies in public folders (open to every signed-in user), even for super users. */
  scope: z.enum(SEARCH_SCOPES, { error: 'Scope is all or public.' }).default('all'),
  /** The `nextCursor` of the page before; absent for the first page. */
  cursor: z.string().max(2000, { error: 'That cursor is not valid.' }).optional(),
  limit: z.coerce
    .number({ error: 'Limit is a number from 1 to 100.' })
    .int({ error: 'Limit is a number from 1 to 100.' })
    .min(1, { error: 'Limit is a number from 1 to 100.' })
    .max(100, { error: 'Limit is a number from 1 to 100.' })
    .default(SEARCH_PAGE_SIZE),
})
export type SearchQuery = z.infer<typeof searchQuerySchema>

export const SHARE_MESSAGE_MAX = 1000
/** A few words for the person a folder is shared with, sent in the e-mail that tells them. */
const shareMessage = z
  .string()
  .trim()
  .max(SHARE_MESSAGE_MAX, `Keep the message under ${SHARE_MESSAGE_MAX} characters`)
  .optional()

export const grantSchema = z.object({
  permissionType: z.enum(PERMISSION_TYPES, { error: 'Level must be viewer, editor or administrator.' }),
  message: shareMessage,
})
export type GrantInput = z.infer<typeof grantSchema>

/**
 * The share dialog's lookup (docs/decisions/0042): a full e-mail address, or part of a name or address
 * to find among the people the caller already shares with (super users: among everyone).
 */
export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type at least 2 characters.' })
    .trim()
    .min(2, { error: 'Type at least 2 characters.' })
    .max(254, { error: 'Type at most 254 characters.' }),
})

/**
 * Share a folder with an e-mail address: whoever has it gets access and an e-mail; an address without
 * an account gets an invitation, and access once it signs up. The answer is the same either way.
 */
export const shareByEmailSchema = z.object({
  email: emailSchema,
  permissionType: grantSchema.shape.permissionType,
  message: shareMessage,
})
export type ShareByEmailInput = z.infer<typeof shareByEmailSchema>

/**
 * How to restore. Default: where it came from. When that folder is itself in the trash the answer is
 * 409 `parent_trashed` with the choices; ask again with `restoreParent: true` or a `targetFolderId`.
 */
export const restoreSchema = z.object({
  restoreParent: z.boolean().optional(),
  targetFolderId: itemIdSchema.optional(),
})
export type RestoreInput = z.infer<typeof restoreSchema>

/**
 * GET /api/trash and its CSV: the trash as a staff table (product.md §6): paged, sorted, searched by
 * name (the item's or its folder's), optionally only the entries the caller trashed.
 */
export const TRASH_SORTS = ['deletedAt', 'name', 'folder', 'type'] as const
export type TrashSort = (typeof TRASH_SORTS)[number]
export const trashListQuerySchema = listQuerySchema({
  sortable: TRASH_SORTS,
  defaultSort: 'deletedAt',
  defaultOrder: 'desc',
  filters: {
    type: optionalChoice(ITEM_TYPES, 'Type'),
    mine: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).optional()),
  },
})
export type TrashListQuery = z.infer<typeof trashListQuerySchema>
