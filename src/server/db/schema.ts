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
}

export interface VerificationTokensTable {
  id: string
  email: string
  firstname: string | null
  /** Hash of the single-use token; the token itself only travels in the e-mail. */
  token: string
  expires: Timestamp
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
}

export interface EbookRequestsTable {
  id: string
  email: string
  createdAt: Timestamp
  updatedAt: Timestamp
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
}

export interface ProductsTable {
  id: string
  name: string
  type: string
  /** Integer minor units of the store currency. */
  price: number
  description: string
  cover_photo: string | null
  product_url: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
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
  /** JSON array of recipient user ids, when not forAll. */
  for_users: string
  createdAt: Timestamp
  updatedAt: Timestamp
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
  notifications: NotificationsTable
}

/** Every boolean column of every table, for the SQLite boolean plugin. Keep in step with migrations. */
export const BOOLEAN_COLUMNS = ['isRestricted', 'isTrashed', 'deleted_singly', 'forAll'] as const
