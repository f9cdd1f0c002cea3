import type { Generated } from 'kysely'
import type {
  AccountType,
  FolderType,
  InboxStatus,
  NotificationAction,
  NotificationType,
  OrderStatus,
  PermissionType,
  Role,
  TrashItemType,
} from '../../shared/enums'

// The database as application code sees it, on both dialects (docs/decisions/0003):
// ids are UUIDv7 text, timestamps ISO-8601 UTC strings, booleans booleans, big integers numbers,
// list fields JSON text. Column names are the specification's field names exactly.

type Timestamp = string

export interface UsersTable {
  id: string
  first_name: string
  last_name: string
  /** Derived: `first_name last_name`, kept in step by the accounts service. */
  name: string
  email: string
  emailVerified: Timestamp | null
  account_type: AccountType
  /** argon2id hash; null for users who only sign in through an identity provider. */
  password: string | null
  business_name: string | null
  image: string | null
  industry: string | null
  isRestricted: boolean
  role: Role
  /** JSON array of StaffFunction. */
  staffFunctions: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface AccountsTable {
  userId: string
  type: string
  provider: string
  providerAccountId: string
  refresh_token: string | null
  access_token: string | null
  expires_at: number | null
  token_type: string | null
  scope: string | null
  id_token: string | null
  session_state: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface SessionsTable {
  id: string
  /** Hash of the session token the cookie carries; the token itself is never stored. */
  sessionToken: string
  userId: string
  expires: Timestamp
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Drives the idle timeout; written at most once a minute per session. */
  lastSeenAt: Timestamp | null
  userAgent: string | null
  ipAddress: string | null
}

export interface VerificationTokensTable {
  id: string
  email: string
  firstname: string | null
  /** Hash of the single-use token; the token itself only travels in the e-mail. */
  token: string
  expires: Timestamp
  purpose: 'verify_email' | 'reset_password' | 'setup_admin'
  createdAt: Timestamp | null
}

export interface UserAvatarsTable {
  userId: string
  contentType: string
  bytes: Buffer
  updatedAt: Timestamp
}

export interface AuditEventsTable {
  id: string
  createdAt: Timestamp
  action: string
  actorId: string | null
  actorEmail: string | null
  targetType: string | null
  targetId: string | null
  ipAddress: string | null
  userAgent: string | null
  /** JSON object. */
  details: string
}

export interface QuoteRequestsTable {
  id: string
  first_name: string
  last_name: string
  business_name: string | null
  industry: string | null
  email: string
  phone: string | null
  service: string | null
  message: string
  status: InboxStatus
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0007): when and by whom it was resolved; both null while pending. */
  resolvedAt: Timestamp | null
  resolvedBy: string | null
}

export interface EbookRequestsTable {
  id: string
  /** Canonical form: trimmed, lower case; one row per address. */
  email: string
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0007): when the owner confirmed the address from the link (double opt-in); null until then. */
  confirmedAt: Timestamp | null
  /** Ours (0007): set by the one-click unsubscribe; cleared when the owner confirms again. */
  unsubscribedAt: Timestamp | null
  /** Ours (0007): where the address was given, for the mailing tool's source column. */
  source: Generated<string>
}

export interface ContactsTable {
  id: string
  first_name: string
  last_name: string
  email: string
  subject: string
  message: string
  status: InboxStatus
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0007): when and by whom it was resolved; both null while pending. */
  resolvedAt: Timestamp | null
  resolvedBy: string | null
}

export interface ProductsTable {
  id: string
  name: string
  type: string
  /** Integer minor units of the store currency. */
  price: number
  description: string
  cover_photo: string | null
  /** The external link the buyer receives; null when the deliverable is the uploaded file below. */
  product_url: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0008): only published products are listed and sold. */
  isPublished: boolean
  /** Ours (0008): a deleted product that was ordered is only hidden; old orders still show it. */
  deletedAt: Timestamp | null
  /** Ours (0008): the private deliverable file in blob storage, served through expiring signed links. */
  deliveryFileKey: string | null
  deliveryFileName: string | null
  deliveryFileType: string | null
  deliveryFileSize: number | null
}

export interface OrdersTable {
  id: string
  trxref: string
  status: OrderStatus
  /** Integer minor units of `currency`. */
  total: number
  currency: string
  user_id: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface ProductOrdersTable {
  product_id: string
  order_id: string
  quantity: number
  /** Price of one unit when ordered, in minor units: a snapshot, never recomputed. */
  amount: number
}

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
}

/** Ours (0011): a resumable upload in progress (tus); its bytes so far are in a staging file. */
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

export interface NotificationsTable {
  id: string
  type: NotificationType
  action: NotificationAction
  /** The actor's name as it was when the notification was made. */
  user_name: string
  mainItem: string | null
  subItem: string | null
  forAll: boolean
  /** The actor. */
  user_id: string | null
  folder_id: string | null
  file_id: string | null
  product_id: string | null
  order_id: string | null
  /**
   * JSON array of user ids: the recipients when not forAll; with forAll, people the notification is
   * about who are in its audience besides those eligible for the type (the user whose staff functions
   * changed). Mirrored as rows in notification_recipients.
   */
  for_users: string
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours: how many things the entry stands for (1, or more for a grouped burst). Defaults to 1. */
  itemCount: Generated<number>
}

/** Per-user state of one notification (features/notifications). Absent row: the watermark decides. */
export interface NotificationReadsTable {
  user_id: string
  notification_id: string
  /** Null means explicitly unread (even below the watermark). */
  readAt: Timestamp | null
  dismissedAt: Timestamp | null
  updatedAt: Timestamp
}

/** A user's "mark all read": every notification with id <= readUpTo is read unless a read row says not. */
export interface NotificationReadMarksTable {
  user_id: string
  readUpTo: string
  updatedAt: Timestamp
}

/** `for_users` as rows, for an indexed "addressed to me". */
export interface NotificationRecipientsTable {
  notification_id: string
  user_id: string
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed'

/** The e-mail outbox (features/mail): our own table, snake_case throughout. */
export interface MailOutboxTable {
  id: string
  to_address: string
  reply_to: string | null
  subject: string
  text_body: string
  html_body: string
  /** JSON object of extra headers, e.g. List-Unsubscribe. */
  headers: string
  /** The template's name, for logs and tests. */
  template: string
  status: MailStatus
  /** Delivery attempts started (counted when a sender claims the row). */
  attempts: number
  next_attempt_at: Timestamp
  /** While `sending`: the sender's claim; past it, another sender may take the row over. */
  locked_until: Timestamp | null
  /** The last failure, made safe to store (no credentials). */
  last_error: string | null
  created_at: Timestamp
  sent_at: Timestamp | null
}

export interface RateLimitsTable {
  /** Opaque key built by the caller, e.g. `signin:ip:<ip>`; never a raw secret. */
  key: string
  /** Hits in the current window; stops at limit + 1 (only "over the limit" matters). */
  count: number
  /** End of the current fixed window. */
  reset_at: Timestamp
}

/** Settings admins edit in the app (0007): one JSON value per key, checked by the key's schema. */
export interface SettingsTable {
  key: string
  /** JSON text. */
  value: string
  updatedAt: Timestamp
  updatedBy: string | null
}

export interface DB {
  users: UsersTable
  accounts: AccountsTable
  sessions: SessionsTable
  verification_tokens: VerificationTokensTable
  quote_requests: QuoteRequestsTable
  ebook_requests: EbookRequestsTable
  contacts: ContactsTable
  products: ProductsTable
  orders: OrdersTable
  product_orders: ProductOrdersTable
  folders: FoldersTable
  files: FilesTable
  folder_permissions: FolderPermissionsTable
  trash_items: TrashItemsTable
  blob_deletions: BlobDeletionsTable
  upload_sessions: UploadSessionsTable
  notifications: NotificationsTable
  notification_reads: NotificationReadsTable
  notification_read_marks: NotificationReadMarksTable
  notification_recipients: NotificationRecipientsTable
  mail_outbox: MailOutboxTable
  audit_events: AuditEventsTable
  user_avatars: UserAvatarsTable
  rate_limits: RateLimitsTable
  settings: SettingsTable
}

/** Every boolean column of every table, for the SQLite boolean plugin. Keep in step with migrations. */
export const BOOLEAN_COLUMNS = [
  'isRestricted',
  'isTrashed',
  'deleted_singly',
  'forAll',
  'isPublished',
] as const
