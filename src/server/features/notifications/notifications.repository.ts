import { type ExpressionBuilder, sql } from 'kysely'
import type { NotificationReadState } from '../../../shared/contract/notifications'
import type { NotificationType, Role, StaffFunction } from '../../../shared/enums'
import { hasStaffFunction } from '../../../shared/staff-functions'
import type { Db } from '../../db/db'
import { notIndexed } from '../../db/not-indexed'
import { withReadableFolders } from '../../db/readable-folders'
import type { AccessCapability, DB } from '../../db/schema'

// Named queries of the notification inbox. Who sees what (product.md §5) is one SQL filter,
// eligibleNotifications(), so lists page, count and stream in the database:
//  - never the recipient's own actions, never what they dismissed;
//  - addressed to them (notification_recipients), or forAll, made after their account, and of a type
//    their role and staff functions make them eligible for, made since that role or function was
//    given to them;
//  - and only while they may still see what it mentions: the folder (by the folder rule, through
//    withReadableFolders), the file's folder, the order; a folder's notifications from the time
//    their access to it began (docs/decisions/0060);
//  - read ones disappear from their inbox READ_RETENTION_DAYS after they were made, all of them after
//    ALL_RETENTION_DAYS (as the purge job will delete them).
// See docs/decisions/0022.

export const READ_RETENTION_DAYS = 90
export const ALL_RETENTION_DAYS = 365
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The person whose inbox is read, as eligibility needs them: loaded fresh from users (not the
 * request's caller), so a role change counts at once, with their account's age and when each role
 * and function began.
 */
export interface Recipient {
  id: string
  name: string
  role: Role
  /** Effective functions: only staff hold any. */
  staffFunctions: readonly StaffFunction[]
  createdAt: string
  isRestricted: boolean
  /** When their admin role and staff functions began, where recorded (access-starts.repository.ts). */
  since: Partial<Record<AccessCapability, string>>
  /** Types of the kinds they turned off in their settings (docs/decisions/0143): never in their inbox. */
  muted?: readonly NotificationType[]
}

/**
 * Since when the recipient holds any of these staff functions (admins: since they became admin), or null
 * when they hold none. Without a recorded start, since their account was made.
 */
export function heldSince(recipient: Recipient, ...fns: StaffFunction[]): string | null {
  if (recipient.role === 'admin') return recipient.since.admin ?? recipient.createdAt
  if (recipient.role !== 'staff') return null
  const starts = fns
    .filter((fn) => recipient.staffFunctions.includes(fn))
    .map((fn) => recipient.since[fn] ?? recipient.createdAt)
  return starts.length === 0 ? null : starts.reduce((a, b) => (a < b ? a : b))
}

/** The user's row with their notification settings (null columns: none saved), in one statement. */
export async function loadRecipientRow(db: Db, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.role', 'u.staffFunctions', 'u.createdAt', 'u.isRestricted'])
    .select(['s.files', 's.shop', 's.inbox', 's.digest'])
    .where('u.id', '=', userId)
    .executeTakeFirst()
}

/** What the inbox filter's conditions see: the notification, the reader's read state, their folders. */
export type Scope = ExpressionBuilder<
  DB & {
    n: DB['notifications']
    r: DB['notification_reads']
    w: DB['notification_read_marks']
    readable_folders: { id: string; since: string }
  },
  'n' | 'r' | 'w'
>

function isRead(eb: Scope) {
  return eb.or([
    eb.and([eb('r.user_id', 'is not', null), eb('r.readAt', 'is not', null)]),
    eb.and([
      eb('r.user_id', 'is', null),
      eb('w.readUpTo', 'is not', null),
      eb('n.id', '<=', eb.ref('w.readUpTo')),
    ]),
  ])
}

export function isUnread(eb: Scope) {
  return eb.or([
    eb.and([eb('r.user_id', 'is not', null), eb('r.readAt', 'is', null)]),
    eb.and([
      eb('r.user_id', 'is', null),
      eb.or([eb('w.readUpTo', 'is', null), eb('n.id', '>', eb.ref('w.readUpTo'))]),
    ]),
  ])
}

/** forAll: which types the recipient is eligible for, by role and staff function (product.md §5). */
function eligibleByType(eb: Scope, recipient: Recipient) {
  const parts = [
    eb('n.type', 'in', ['folder', 'file'] satisfies NotificationType[]), // then by folder access
    // A newly published product: every signed-in user.
    eb.and([eb('n.type', '=', 'product'), eb('n.action', '=', 'created')]),
  ]
  // Staff functions and the admin role count from when they were given (docs/decisions/0060).
  const feedbackSince = heldSince(recipient, 'ManageFeedback')
  if (feedbackSince !== null)
    parts.push(eb.and([eb('n.type', 'in', ['quote', 'feedback']), eb('n.createdAt', '>=', feedbackSince)]))
  const productSince = heldSince(recipient, 'UploadProducts', 'AccessShop')
  if (productSince !== null)
    parts.push(eb.and([eb('n.type', '=', 'product'), eb('n.createdAt', '>=', productSince)]))
  const shopSince = heldSince(recipient, 'AccessShop')
  parts.push(
    eb.and([
      eb('n.type', '=', 'order'),
      eb.or([
        // Their own orders, whenever; everyone's since they became shop staff.
        ownOrder(eb, recipient),
        ...(shopSince !== null ? [eb('n.createdAt', '>=', shopSince)] : []),
      ]),
    ]),
  )
  if (recipient.role === 'admin')
    parts.push(
      eb.and([
        eb('n.type', '=', 'staffFunction'),
        eb('n.createdAt', '>=', recipient.since.admin ?? recipient.createdAt),
      ]),
    )
  return eb.or(parts)
}

/** The mentioned order is the recipient's own. */
function ownOrder(eb: Scope, recipient: Recipient) {
  return eb.exists(
    eb
      .selectFrom('orders as o')
      .select(sql<number>`1`.as('one'))
      .whereRef('o.id', '=', 'n.order_id')
      .where('o.user_id', '=', recipient.id),
  )
}

/** Whatever the audience: may the recipient still see what the notification mentions? */
function mayStillSee(eb: Scope, recipient: Recipient) {
  const checks = []
  const shopSince = heldSince(recipient, 'AccessShop')
  checks.push(
    eb.or([
      eb('n.order_id', 'is', null),
      ownOrder(eb, recipient),
      ...(shopSince !== null ? [eb('n.createdAt', '>=', shopSince)] : []),
    ]),
  )
  // A folder's notifications reach the people who are in it: by a grant on it or a parent, or
  // through the public tree, from the time that way in began (withReadableFolders' `since`). Staff
  // who may open every folder through ManageFolders are not notified of every folder for it
  // (docs/decisions/0143): customers' private folders would flood them. What they are members of,
  // they hear of like anyone else.
  checks.push(
    eb.or([
      // Mentions no folder, and is not about one.
      eb.and([
        eb('n.folder_id', 'is', null),
        eb('n.type', 'not in', ['folder', 'file'] satisfies NotificationType[]),
      ]),
      // The folder (a file's notification records its folder, notify.ts) is one the recipient is in
      // now, and was when it was made. A folder gone for good leaves nothing to check, so it drops out.
      eb.exists(
        eb
          .selectFrom('readable_folders as rf')
          .select(sql<number>`1`.as('one'))
          .whereRef('rf.id', '=', 'n.folder_id')
          .whereRef('rf.since', '<=', 'n.createdAt'),
      ),
    ]),
  )
  // Products: those without UploadProducts or AccessShop see a product's announcement only while it
  // is for sale (published, not deleted); one unpublished or hidden later drops out of their inbox.
  if (!(hasStaffFunction(recipient, 'UploadProducts') || hasStaffFunction(recipient, 'AccessShop'))) {
    checks.push(
      eb.or([
        eb('n.type', '<>', 'product'),
        // Names no product row (recorded without one, or the product was deleted for good).
        eb('n.product_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('products as p')
            .select(sql<number>`1`.as('one'))
            .whereRef('p.id', '=', 'n.product_id')
            .where('p.isPublished', '=', true)
            .where('p.deletedAt', 'is', null),
        ),
      ]),
    )
  }
  return eb.and(checks)
}

/** What the inbox keeps at a moment: read entries made from `read` on, any made from `all` on. */
export interface RetentionCutoffs {
  read: string
  all: string
}

export function retentionCutoffs(now: Date): RetentionCutoffs {
  return {
    read: new Date(now.getTime() - READ_RETENTION_DAYS * DAY_MS).toISOString(),
    // What the purge job will delete is already gone from the inbox, however late the job runs.
    all: new Date(now.getTime() - ALL_RETENTION_DAYS * DAY_MS).toISOString(),
  }
}

/**
 * Every notification the recipient may see at `at` (a moment, or its cutoffs: a query template's
 * slots), with their read state joined.
 */
export function eligibleNotifications(db: Db, recipient: Recipient, at: Date | RetentionCutoffs) {
  const { read: readCutoff, all: allCutoff } = at instanceof Date ? retentionCutoffs(at) : at
  return withReadableFolders(db, recipient.id)
    .selectFrom('notifications as n')
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', recipient.id),
    )
    .leftJoin('notification_read_marks as w', (join) => join.on('w.user_id', '=', recipient.id))
    .where((eb) =>
      eb.and([
        eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '<>', recipient.id)]),
        eb('r.dismissedAt', 'is', null),
        eb.or([
          eb.exists(
            eb
              .selectFrom('notification_recipients as nr')
              .select(sql<number>`1`.as('one'))
              .whereRef('nr.notification_id', '=', 'n.id')
              .where('nr.user_id', '=', recipient.id),
          ),
          eb.and([
            eb('n.forAll', '=', true),
            // New users see no broadcasts older than their account.
            eb('n.createdAt', '>=', recipient.createdAt),
            eligibleByType(eb, recipient),
          ]),
        ]),
        mayStillSee(eb, recipient),
        ...(recipient.muted && recipient.muted.length > 0 ? [eb('n.type', 'not in', recipient.muted)] : []),
        eb.or([isUnread(eb), eb('n.createdAt', '>=', readCutoff)]),
        // Nearly every notification kept is inside the window: the id ranges of the callers drive.
        eb(notIndexed<string>('n.createdAt'), '>=', allCutoff),
      ]),
    )
}

const COLUMNS = [
  'n.id',
  'n.type',
  'n.action',
  'n.user_id',
  'n.user_name',
  'n.mainItem',
  'n.subItem',
  'n.forAll',
  'n.for_users',
  'n.folder_id',
  'n.file_id',
  'n.product_id',
  'n.order_id',
  'n.itemCount',
  'n.contentCount',
  'n.amount',
  'n.currency',
  'n.createdAt',
  'n.updatedAt',
] as const

/** eligibleNotifications() with the columns a presented entry needs and its read state. */
export function withColumns(db: Db, recipient: Recipient, at: Date | RetentionCutoffs) {
  return eligibleNotifications(db, recipient, at).select((eb) => [
    ...COLUMNS,
    eb.case().when(isRead(eb)).then(1).else(0).end().as('isRead'),
  ])
}

export type NotificationRow = Awaited<ReturnType<typeof findVisible>> & {}

export interface ListFilter {
  type?: NotificationType | undefined
  read: NotificationReadState
  /** Entries older than this id. */
  before?: string | undefined
  limit: number
}

/** Newest first. */
export function listVisible(db: Db, recipient: Recipient, now: Date, filter: ListFilter) {
  let query = withColumns(db, recipient, now).orderBy('n.id', 'desc').limit(filter.limit)
  if (filter.type) query = query.where('n.type', '=', filter.type)
  if (filter.read === 'unread') query = query.where((eb) => isUnread(eb))
  if (filter.read === 'read') query = query.where((eb) => isRead(eb))
  if (filter.before) query = query.where('n.id', '<', filter.before)
  return query.execute()
}

export function findVisible(db: Db, recipient: Recipient, now: Date, id: string) {
  return withColumns(db, recipient, now).where('n.id', '=', id).executeTakeFirst()
}

export async function latestVisibleId(db: Db, recipient: Recipient, now: Date): Promise<string | null> {
  const row = await eligibleNotifications(db, recipient, now)
    .select('n.id')
    .orderBy('n.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.id ?? null
}

/** The newest notification id of all (not only the recipient's): "everything up to now". */
export async function latestId(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  return row?.id ?? null
}
