import type {
  AccessTokensTable,
  AccountsTable,
  AuditEventsTable,
  InvitationsTable,
  SessionsTable,
  UserAvatarsTable,
  UsersTable,
  VerificationTokensTable,
} from './schema/accounts'
import type {
  BlobDeletionsTable,
  DavLocksTable,
  DavPropertiesTable,
  FilesTable,
  FileVersionsTable,
  FolderPermissionsTable,
  FoldersTable,
  PendingSharesTable,
  ShareLinksTable,
  TrashItemsTable,
  UploadSessionsTable,
} from './schema/files'
import type {
  ContactsTable,
  EbookRequestsTable,
  InboundMailboxStateTable,
  InboundMailsTable,
  InboxAttachmentsTable,
  InboxMessagesTable,
  QuoteRequestsTable,
} from './schema/inbox'
import type {
  NotificationOrderTable,
  NotificationReadMarksTable,
  NotificationReadsTable,
  NotificationRecipientsTable,
  NotificationSettingsTable,
  NotificationsTable,
  StaffAccessStartsTable,
} from './schema/notifications'
import type {
  CreditNotesTable,
  CustomerFirstsTable,
  DiscountCodeProductsTable,
  DiscountCodesTable,
  DocumentNumbersTable,
  FirstRepliesTable,
  InvoicesTable,
  ListedProductCountsTable,
  OrderEventsTable,
  OrderPaymentsTable,
  OrderStatusDaysTable,
  OrdersTable,
  ProductOrdersTable,
  ProductSalesDaysTable,
  ProductSalesMonthsTable,
  ProductsTable,
  RefundsTable,
  SalesDaysTable,
} from './schema/shop'
import type { PageDataVersionsTable, SiteImagesTable } from './schema/site'
import type {
  JobLeasesTable,
  MailOutboxTable,
  RateLimitsTable,
  RowCountsTable,
  SettingsTable,
} from './schema/system'
import type { TwoFactorRecoveryCodesTable, UserTwoFactorTable } from './schema/two-factor'

// The database as application code sees it, on both dialects (docs/decisions/0003):
// ids are UUIDv7 text, timestamps ISO-8601 UTC strings, booleans booleans, big integers numbers,
// list fields JSON text. Column names are the specification's field names exactly.

// The tables' types live per domain in schema/; this file assembles them into the one DB type.

export type * from './schema/accounts'
export type * from './schema/files'
export type * from './schema/inbox'
export type * from './schema/notifications'
export type * from './schema/shop'
export type * from './schema/site'
export type * from './schema/system'
export type { Timestamp } from './schema/timestamp'
export type * from './schema/two-factor'

export interface DB {
  users: UsersTable
  access_tokens: AccessTokensTable
  accounts: AccountsTable
  sessions: SessionsTable
  verification_tokens: VerificationTokensTable
  invitations: InvitationsTable
  quote_requests: QuoteRequestsTable
  ebook_requests: EbookRequestsTable
  contacts: ContactsTable
  inbox_messages: InboxMessagesTable
  inbound_mails: InboundMailsTable
  inbox_attachments: InboxAttachmentsTable
  inbound_mailbox_state: InboundMailboxStateTable
  products: ProductsTable
  listed_product_counts: ListedProductCountsTable
  orders: OrdersTable
  product_orders: ProductOrdersTable
  order_payments: OrderPaymentsTable
  order_events: OrderEventsTable
  refunds: RefundsTable
  document_numbers: DocumentNumbersTable
  invoices: InvoicesTable
  credit_notes: CreditNotesTable
  discount_codes: DiscountCodesTable
  discount_code_products: DiscountCodeProductsTable
  sales_days: SalesDaysTable
  order_status_days: OrderStatusDaysTable
  product_sales_days: ProductSalesDaysTable
  product_sales_months: ProductSalesMonthsTable
  first_replies: FirstRepliesTable
  customer_firsts: CustomerFirstsTable
  folders: FoldersTable
  files: FilesTable
  file_versions: FileVersionsTable
  folder_permissions: FolderPermissionsTable
  trash_items: TrashItemsTable
  blob_deletions: BlobDeletionsTable
  upload_sessions: UploadSessionsTable
  share_links: ShareLinksTable
  pending_shares: PendingSharesTable
  dav_locks: DavLocksTable
  dav_properties: DavPropertiesTable
  notifications: NotificationsTable
  notification_reads: NotificationReadsTable
  notification_read_marks: NotificationReadMarksTable
  /** PostgreSQL only. */
  notification_order: NotificationOrderTable
  notification_recipients: NotificationRecipientsTable
  notification_settings: NotificationSettingsTable
  staff_access_starts: StaffAccessStartsTable
  mail_outbox: MailOutboxTable
  audit_events: AuditEventsTable
  user_avatars: UserAvatarsTable
  rate_limits: RateLimitsTable
  job_leases: JobLeasesTable
  settings: SettingsTable
  row_counts: RowCountsTable
  user_two_factor: UserTwoFactorTable
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable
  site_images: SiteImagesTable
  page_data_versions: PageDataVersionsTable
}

/** Every boolean column of every table, for the SQLite boolean plugin. Keep in step with migrations. */
export const BOOLEAN_COLUMNS = [
  'isRestricted',
  'isTrashed',
  'deleted_singly',
  'forAll',
  'isPublished',
  'all_products',
  'active',
] as const
