import type { Generated } from 'kysely'
import type { NotificationAction, NotificationType, StaffFunction } from '../../../shared/enums'
import type { Timestamp } from './timestamp'

// Notifications and each reader's state of them. See ../schema.ts for the conventions.

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
  /** Ours: how many items the things acted on held (a trashed folder's contents). Defaults to 0. */
  contentCount: Generated<number>
  /** Ours: the money an order notification is about (a refund), in minor units of `currency`. */
  amount: number | null
  currency: string | null
}

/** What a user's admin role or staff function began (no row: when their account was made). */
export type AccessCapability = 'admin' | StaffFunction

/** When a user's access through their role or a staff function began (docs/decisions/0060). */
export interface StaffAccessStartsTable {
  user_id: string
  capability: AccessCapability
  startedAt: Timestamp
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

/**
 * PostgreSQL only: the last notification id given out (one row, id 1), taken by each transaction that
 * recorded a notification at its commit (a deferred trigger) and held to its end, so ids grow in
 * commit order (docs/decisions/0162, 0172). `''` until the first is given out.
 */
export interface NotificationOrderTable {
  id: number
  last_id: string
}

/** `for_users` as rows, for an indexed "addressed to me". */
export interface NotificationRecipientsTable {
  notification_id: string
  user_id: string
}

/**
 * A person's notification settings (docs/decisions/0143); no row: the defaults. Deliveries are
 * `bell`, `bell_email` or `off`; `digest` is `hourly` or `daily`.
 */
export interface NotificationSettingsTable {
  user_id: string
  files: 'bell' | 'bell_email' | 'off'
  shop: 'bell' | 'bell_email' | 'off'
  inbox: 'bell' | 'bell_email' | 'off'
  digest: 'hourly' | 'daily'
  /** The newest notification id the digest has dealt with; '' for none. */
  digestAfter: string
  lastDigestAt: Timestamp | null
  updatedAt: Timestamp
}
