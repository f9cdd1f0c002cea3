import { z } from 'zod'
import { FOLDER_TYPES, PERMISSION_TYPES } from '../enums'
import { HOME_VIEWS, ITEM_TYPES } from './files'
import { cursorPageFields, listResponseSchema } from './list'

// ---- Responses (what the server sends; the web app types its calls with these)

const levelSchema = z.enum(['viewer', 'editor', 'administrator', 'super']).nullable()

export const folderSchema = z.object({
  id: z.string(),
  folder_name: z.string(),
  type: z.enum(FOLDER_TYPES),
  parent_id: z.string().nullable(),
  isTrashed: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller's level here and where it comes from. */
  access: z.object({ level: levelSchema, via: z.enum(['super', 'grant', 'public', 'none']) }),
  abilities: z.object({
    list: z.boolean(),
    write: z.boolean(),
    rename: z.boolean(),
    move: z.boolean(),
    trash: z.boolean(),
    copy: z.boolean(),
    share: z.boolean(),
    makeLocked: z.boolean(),
    makePublic: z.boolean(),
  }),
})
export type FolderItem = z.infer<typeof folderSchema>

export const fileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  originalname: z.string(),
  size: z.number(),
  folder_id: z.string(),
  isTrashed: z.boolean(),
  sha256: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the content was last changed as its uploader's client says (a sync client's mtime); else updatedAt. */
  modifiedAt: z.string().optional(),
  abilities: z.object({
    download: z.boolean(),
    replace: z.boolean(),
    rename: z.boolean(),
    move: z.boolean(),
    copy: z.boolean(),
    trash: z.boolean(),
  }),
})
export type FileItem = z.infer<typeof fileSchema>

export const crumbSchema = z.object({ id: z.string(), folder_name: z.string(), type: z.enum(FOLDER_TYPES) })
export type Crumb = z.infer<typeof crumbSchema>
/** The visible part of the path above an item, top first. */
export const breadcrumbsSchema = z.array(crumbSchema)

/**
 * Who may open a folder by the folder rules: `everyone` signed in (public from the top down), its
 * `members` (locked), or, for a public folder inside a locked one, the members of that folder
 * (`inherited`; `from` names it when the caller can see it).
 */
export const folderAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('everyone') }),
  z.object({ kind: z.literal('members') }),
  z.object({
    kind: z.literal('inherited'),
    from: z.object({ id: z.string(), folder_name: z.string() }).nullable(),
  }),
])
export type FolderAudience = z.infer<typeof folderAudienceSchema>
export const folderDetailSchema = z.object({
  folder: folderSchema,
  breadcrumbs: breadcrumbsSchema,
  audience: folderAudienceSchema,
})
export const fileDetailSchema = z.object({ file: fileSchema, breadcrumbs: breadcrumbsSchema })

/**
 * One page of a folder's children: the page's folders (those the caller can open) then its files; a
 * page holds files only once the folders have run out. `nextCursor` continues the same order.
 */
export const folderChildrenSchema = z.object({
  folder: folderSchema,
  breadcrumbs: breadcrumbsSchema,
  audience: folderAudienceSchema,
  folders: z.array(folderSchema),
  files: z.array(fileSchema),
  ...cursorPageFields,
})
export type FolderChildren = z.infer<typeof folderChildrenSchema>
export const homeViewSchema = z.object({ view: z.enum(HOME_VIEWS), folders: z.array(folderSchema) })
export type HomeViewResult = z.infer<typeof homeViewSchema>
/** GET /api/me/storage: the caller's storage against their quota (null: none), in bytes. */
export const storageUsageSchema = z.object({
  /**
   * Their files' bytes, earlier versions included (the trash too until emptied), plus their uploads
   * under way.
   */
  used: z.number().int(),
  /** The part of `used` reserved by uploads under way. */
  uploading: z.number().int(),
  /** The part of `used` held by earlier versions of their files, whoever uploaded them. */
  versions: z.number().int(),
  quota: z.number().int().nullable(),
})
export type StorageUsage = z.infer<typeof storageUsageSchema>

/**
 * Where a name search's match stands (decision 0150): `starts`, the name starts with the text; `contains`,
 * it contains the text further on. Every `starts` match comes before every `contains` one.
 */
export const SEARCH_TIERS = ['starts', 'contains'] as const

/**
 * One page of a name search: the matches split by kind (`folders`, `files`, each in result order),
 * `order` saying how they interleave — the names that start with the text first, then the other names
 * that contain it, each tier in name order (the name key's code point order) — and the cursor of the
 * next page (null on the last).
 */
export const searchResultSchema = z.object({
  q: z.string(),
  folders: z.array(folderSchema.extend({ parentName: z.string().nullable() })),
  files: z.array(fileSchema.extend({ folderName: z.string().nullable() })),
  /** Every folder and file of the page once, best match first. */
  order: z.array(z.object({ type: z.enum(ITEM_TYPES), id: z.string(), tier: z.enum(SEARCH_TIERS) })),
  nextCursor: z.string().nullable(),
})
export type SearchResult = z.infer<typeof searchResultSchema>

/** A single move or copy: the item as it is now (a copy has a new id); `skipped` when onConflict said so. */
export const itemOutcomeSchema = z.object({
  type: z.enum(ITEM_TYPES),
  id: z.string(),
  name: z.string(),
  /** null when a folder moved to the top of My folders. */
  folderId: z.string().nullable(),
  folderName: z.string().nullable(),
  items: z.number(),
  skipped: z.boolean().optional(),
})
export const trashedSchema = z.object({
  type: z.enum(ITEM_TYPES),
  id: z.string(),
  name: z.string(),
  items: z.number(),
})

/** One item's outcome in a bulk action: ok (with the resulting item), skipped, or the problem it met. */
export const bulkItemResultSchema = z.object({
  type: z.enum(ITEM_TYPES),
  id: z.string(),
  status: z.enum(['ok', 'skipped', 'failed']),
  /** The HTTP status the single-item call would have answered. */
  httpStatus: z.number(),
  code: z.string().optional(),
  detail: z.string().optional(),
  /** The new or moved item (copies have new ids). */
  result: z.object({ type: z.enum(ITEM_TYPES), id: z.string(), name: z.string() }).optional(),
  /** A trashed item's trash entry: restoring it undoes the trash. */
  trashEntryId: z.string().optional(),
})
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>
export const bulkResultSchema = z.object({
  results: z.array(bulkItemResultSchema),
  succeeded: z.number(),
  skipped: z.number(),
  failed: z.number(),
})

export const accessListSchema = z.object({
  folder: crumbSchema,
  /** Every signed-in user may view it (public all the way to the top). */
  public: z.boolean(),
  /** Admins and folder managers always have full access and are not listed. */
  entries: z.array(
    z.object({
      user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
      permissionType: z.enum(PERMISSION_TYPES),
      via: z.enum(['direct', 'inherited']),
      from: z.object({ id: z.string(), folder_name: z.string() }),
      /** Levels the caller may set for this person here (a direct grant on this folder). */
      canSet: z.array(z.enum(PERMISSION_TYPES)),
      /** The caller may remove this direct grant (never the last administrator of a top-level folder). */
      canRemove: z.boolean(),
      /** The person who made the folder. */
      owner: z.boolean(),
    }),
  ),
  grantableLevels: z.array(z.enum(PERMISSION_TYPES)),
  /** Addresses it was shared with that have no account yet: they get access when they sign up. */
  pending: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      permissionType: z.enum(PERMISSION_TYPES),
      createdAt: z.string(),
    }),
  ),
})
export type AccessList = z.infer<typeof accessListSchema>
export type AccessEntry = AccessList['entries'][number]
/**
 * Whom the share dialog may offer (docs/decisions/0042). The same shape whether or not the typed
 * address belongs to an account: it never says which.
 */
export const shareCandidatesSchema = z.object({
  /** What part of a name or address searches: everyone (super users), or the people the caller already shares with. */
  scope: z.enum(['everyone', 'contacts']),
  /** People matching the text, within the scope (at most 10). */
  items: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  /**
   * The text, normalised, when it is a full e-mail address that none of the items has: offered for
   * sharing by address (POST /api/folders/{id}/shares) whether or not an account has it.
   */
  address: z.string().nullable(),
})
export type ShareCandidates = z.infer<typeof shareCandidatesSchema>
export type ShareCandidate = ShareCandidates['items'][number]

/** The answer to sharing by address: the same whether or not an account has the address. */
export const shareByEmailResultSchema = z.object({
  email: z.string(),
  permissionType: z.enum(PERMISSION_TYPES),
})
export type ShareByEmailResult = z.infer<typeof shareByEmailResultSchema>

export const trashEntrySchema = z.object({
  id: z.string(),
  item_type: z.enum(ITEM_TYPES),
  item_id: z.string(),
  filename: z.string(),
  folder_id: z.string().nullable(),
  folder_name: z.string().nullable(),
  deleted_singly: z.boolean(),
  deletedAt: z.string(),
  trashedBy: z.string().nullable(),
  /** The name of who trashed it (null when unknown or their account is gone). */
  trashedByName: z.string().nullable(),
  /** When the retention purge deletes the entry for good. */
  purgesAt: z.string(),
  /** Bytes of the files in the entry. */
  size: z.number().nullable(),
  /** How many items the entry holds, itself included. */
  items: z.number(),
  abilities: z.object({ restore: z.boolean(), deletePermanently: z.boolean() }),
})
export type TrashEntry = z.infer<typeof trashEntrySchema>
/** GET /api/trash: one page of the entries the caller may see (the staff-table envelope). */
export const trashListSchema = listResponseSchema(trashEntrySchema)
export type TrashList = z.infer<typeof trashListSchema>
export const trashContentsSchema = z.object({
  entry: trashEntrySchema,
  folders: z.array(
    z.object({
      id: z.string(),
      folder_name: z.string(),
      type: z.enum(FOLDER_TYPES),
      parent_id: z.string().nullable(),
    }),
  ),
  files: z.array(
    z.object({
      id: z.string(),
      filename: z.string(),
      mimetype: z.string(),
      size: z.number(),
      folder_id: z.string(),
    }),
  ),
})
export type TrashContents = z.infer<typeof trashContentsSchema>
export const restoreResultSchema = z.object({
  id: z.string(),
  item_type: z.enum(ITEM_TYPES),
  item_id: z.string(),
  name: z.string(),
  /** Where it went: folderId null = a top-level folder in My folders; path top first. */
  restoredTo: z.object({
    folderId: z.string().nullable(),
    path: z.array(z.string()),
    reason: z.enum(['original', 'parent_restored', 'chosen', 'my_folders']),
  }),
  items: z.number(),
})
export type RestoreResult = z.infer<typeof restoreResultSchema>

/** DELETE /api/trash: how many entries were deleted for good. */
export const trashEmptiedSchema = z.object({ deleted: z.number().int() })
/** DELETE /api/trash/mine: the caller's own entries deleted for good, and those they may not delete. */
export const myTrashEmptiedSchema = z.object({ deleted: z.number().int(), kept: z.number().int() })
/** DELETE /api/trash/:id: the entry deleted for good. */
export const trashEntryDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) })
/** DELETE /api/folders/:id/permissions/:userId. */
export const grantRevokedSchema = z.object({ revoked: z.literal(true) })
export const pendingShareCancelledSchema = z.object({ cancelled: z.literal(true) })

/** The folders a tree request made or reused, one per path (each path's parents included), parents first. */
export const folderTreeResultSchema = z.object({
  folders: z.array(
    z.object({
      /** As asked (the names the caller sent). */
      path: z.array(z.string()),
      id: z.string(),
      /** Its name: the one asked for, or the next free one when that was taken by something else. */
      folder_name: z.string(),
      /** False when a folder of that name was there already and is used as it is. */
      created: z.boolean(),
    }),
  ),
})
export type FolderTreeResult = z.infer<typeof folderTreeResultSchema>
