// The specification's enumerations (seed-spec §3), exactly as written. They are binding: the database
// checks them, the contract validates them and the UI renders them.

export const ACCOUNT_TYPES = ['individual', 'corporate'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export const ROLES = ['user', 'admin', 'staff'] as const
export type Role = (typeof ROLES)[number]

export const STAFF_FUNCTIONS = ['ManageFolders', 'AccessShop', 'UploadProducts', 'ManageFeedback'] as const
export type StaffFunction = (typeof STAFF_FUNCTIONS)[number]

/** Status of quote requests and contact messages. */
export const INBOX_STATUSES = ['pending', 'resolved'] as const
export type InboxStatus = (typeof INBOX_STATUSES)[number]

export const FOLDER_TYPES = ['public', 'locked'] as const
export type FolderType = (typeof FOLDER_TYPES)[number]

export const PERMISSION_TYPES = ['viewer', 'editor', 'administrator'] as const
export type PermissionType = (typeof PERMISSION_TYPES)[number]

export const TRASH_ITEM_TYPES = ['file', 'folder'] as const
export type TrashItemType = (typeof TRASH_ITEM_TYPES)[number]

export const NOTIFICATION_TYPES = [
  'folder',
  'file',
  'product',
  'order',
  'quote',
  'feedback',
  'staffFunction',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

export const NOTIFICATION_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'copied',
  'moved',
  'ordered',
  'uploaded',
  'renamed',
  'trashed',
  'restored',
  'resolved',
] as const
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number]

/** Order statuses are not in the specification; product.md §3 settles them. */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'failed',
  'abandoned',
  'needs_review',
  'refund_pending',
  'refunded',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
