import type { Generated } from 'kysely'
import type { FolderType, PermissionType, TrashItemType } from '../../../shared/enums'
import type { Timestamp } from './timestamp'

// The file manager: folders, files, permissions, the trash, blob deletions and uploads in progress. See ../schema.ts for the conventions.

export interface FoldersTable {
  id: string
  folder_name: string
  /** NFC + case-folded folder_name, computed by the app; the uniqueness key within a parent. */
  name_key: string
  type: FolderType
  isTrashed: boolean
  parent_id: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0009): who created it; null once that user is gone. */
  createdBy: string | null
}

export interface FilesTable {
  id: string
  filename: string
  name_key: string
  mimetype: string
  originalname: string
  /** Storage key of the blob (a generated id), never the user's file name. */
  path: string
  size: number
  folder_id: string
  isTrashed: boolean
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0009): who uploaded it; null once that user is gone. */
  createdBy: string | null
  /** Ours (0009): lowercase hex SHA-256 of the content, the download's strong ETag. */
  sha256: string | null
  /** Ours (0042): lowercase hex SHA-1 and MD5 of the content (WebDAV's oc:checksums); null: not known. */
  sha1: string | null
  md5: string | null
  /** Ours (0029): who made the current content (a replacement or a restored version); null: createdBy. */
  contentBy: string | null
  /**
   * Ours (0040): when the client says the current content was last changed (a WebDAV or sync
   * client's mtime); null: updatedAt. A new content without one clears it.
   */
  clientModifiedAt: Timestamp | null
}

/**
 * Ours (0029, docs/decisions/0088): an earlier content of a file, kept when it was replaced. Names a
 * blob (lib/storage/blob-references.repository.ts).
 */
export interface FileVersionsTable {
  id: string
  /** The file this was a content of; null for a product's deliverable (exactly one of the two, 0033). */
  file_id: string | null
  /** Ours (0033): the product whose deliverable this content is (docs/decisions/0092). */
  product_id: string | null
  /** Storage key of the blob. */
  path: string
  size: number
  sha256: string | null
  /** Ours (0042): as FilesTable's; null for a content stored before them. */
  sha1: string | null
  md5: string | null
  mimetype: string
  /** Who made this content; null once that user is gone. */
  createdBy: string | null
  /** When this content was made (the file's updatedAt then). */
  createdAt: Timestamp
  /** When it stopped being the current content (a deliverable's current content: when it was made). */
  replacedAt: Timestamp
}

/**
 * Ours (0011, 0026): a resumable upload in progress (tus). Its bytes so far are a staged write in the
 * blob store (docs/decisions/0081), which every instance reaches.
 */
export interface UploadSessionsTable {
  id: string
  user_id: string
  /** Where a new file goes; null for a replacement (file_id set). */
  folder_id: string | null
  /** The file whose content this upload replaces; null for a new file. */
  file_id: string | null
  filename: string
  /** The type the client declared (metadata `filetype`); only a hint, the content decides first. */
  declared_type: string | null
  /** Upload-Length: the total the client announced. */
  length: number
  createdAt: Timestamp
  expiresAt: Timestamp
  /** Ours (0026): the key the finished blob commits under; names a blob (never deleted while here). */
  blob_key: string
  /** Ours (0026): the upload's offset, the bytes the blob store holds for it. */
  staged_bytes: Generated<number>
  /** Ours (0026): the blob store's bookkeeping for the staged write, JSON (S3: upload id, part ETags). */
  staging_state: string | null
  /** Ours (0026): the request appending now (a lease, so two instances never write at once). */
  writer: string | null
  writer_until: Timestamp | null
  /** Ours (0039): the instance and the boot of the process whose request holds the lease. */
  writer_instance: string | null
  writer_boot: string | null
}

export interface FolderPermissionsTable {
  id: string
  folder_id: string
  user_id: string
  permissionType: PermissionType
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface TrashItemsTable {
  id: string
  item_type: TrashItemType
  item_id: string
  filename: string
  /** The original parent folder (kept even after that folder is gone) and a snapshot of its name. */
  folder_id: string | null
  folder_name: string | null
  /** True for what was explicitly trashed; false for what went along with a trashed folder. */
  deleted_singly: boolean
  deletedAt: Timestamp
  /** Ours (0009): who trashed it; null once that user is gone. */
  trashedBy: string | null
}

/** Ours (0010): blobs to delete from storage, drained by a retried job (docs/decisions/0027). */
export interface BlobDeletionsTable {
  key: string
  attempts: number
  nextAttemptAt: Timestamp
  lastError: string | null
  createdAt: Timestamp
}

/** Ours (0028): a link that reaches a file or folder without an account (docs/decisions/0087). */
export interface ShareLinksTable {
  id: string
  /** Lowercase hex SHA-256 of the link's token; the token itself is only ever in the link. */
  token_hash: string
  item_type: 'file' | 'folder'
  item_id: string
  /** view: browse and preview; download: also download and zip; upload: a folder's file drop. */
  mode: 'view' | 'download' | 'upload'
  /** argon2id of the link's password; null when it has none. */
  password_hash: string | null
  expires_at: Timestamp | null
  /** Downloads and zips a link serves, or files a file drop takes, before it is used up. */
  download_limit: number | null
  /** Downloads and zips served (and files dropped) through the link. */
  use_count: Generated<number>
  /** Ours (0041): the bytes a file drop takes in all; null for no cap besides the creator's quota. */
  drop_byte_limit: number | null
  /** Ours (0041): the bytes a file drop has taken. */
  dropped_bytes: Generated<number>
  created_by: string | null
  created_at: Timestamp
  last_used_at: Timestamp | null
  /** Set once the link stops for good: revoked by hand, or its item went to the trash. */
  stopped_at: Timestamp | null
  stopped_reason: 'revoked' | 'trashed' | null
}

/** Ours (0032): a WebDAV lock (docs/decisions/0091); shared by every instance through the database. */
export interface DavLocksTable {
  token: string
  user_id: string
  /** The decoded DAV path the lock was taken on, as its taker sees it. */
  path: string
  item_type: 'file' | 'folder' | null
  item_id: string | null
  depth: '0' | 'infinity'
  scope: 'exclusive' | 'shared'
  owner: string | null
  timeout_seconds: number
  expires_at: Timestamp
  created_at: Timestamp
}

/** Ours (0032): a WebDAV dead property a client set on an item with PROPPATCH. */
export interface DavPropertiesTable {
  item_type: 'file' | 'folder'
  item_id: string
  namespace: string
  name: string
  value: string
}

/** Ours (0043): a folder shared with an e-mail address no account has yet (docs/decisions/0123). */
export interface PendingSharesTable {
  id: string
  folder_id: string
  /** Normalised (lower case), as accounts keep theirs. */
  email: string
  permissionType: 'viewer' | 'editor' | 'administrator'
  /** Who shared it; the pending share goes when they do. */
  invited_by: string | null
  /** What they wrote to the person, sent with the invitation. */
  message: string | null
  created_at: Timestamp
}
