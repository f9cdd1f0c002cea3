import type { NotificationAction, NotificationType } from '../../../shared/enums'
import { type Db, isPostgres } from '../../db/db'
import { newId } from '../../lib/ids'
import { ACCESS_CHANNEL, accessChangedLocal, NOTIFY_CHANNEL, pokeLocal } from './notification-bus'
import {
  announceNotification,
  committedNotificationId,
  findGroupableNotification,
  folderOfFile,
  type GroupMatch,
  insertNotification,
  insertRecipients,
  latestNotificationId,
  recordInCommitOrder,
  takeNotification,
} from './notify.repository'

/**
 * The one way to record a notification (product.md §5). Call it inside the transaction of the action
 * that caused it; it answers the notification's id. On PostgreSQL the id takes its place in commit
 * order at the commit (docs/decisions/0172), which may move it above an id given out meanwhile: an id
 * answered inside the caller's transaction is final only after the commit (committedNotificationId
 * finds it then); called outside one, notify commits and answers the final id. `actor` is who acted
 * (a snapshot of their name); the audience is `forAll` (everyone eligible for the type, decided when
 * read; `alsoUsers` adds the people it is about, e.g. the user whose staff functions changed) or
 * `forUsers`. Access to the folder, file, order or product in `refs` is checked when read, so revoking
 * access hides it.
 *
 * Bursts of placing things in a folder (uploads, copies, moves) by one actor on one folder within
 * GROUP_WINDOW_MS are grouped: the new entry replaces the previous one and counts both ("uploaded 12
 * files to Reports"), so it is unread again for everyone and arrives as new (docs/decisions/0022; grouping rules in docs/product-notes.md).
 * Every other action is one entry of its own ("trashed folder Reports, 124 items").
 */
export interface NotificationInput {
  type: NotificationType
  action: NotificationAction
  actor: { id: string | null; name: string }
  /** What was acted on: a file, folder or product name, an order reference, a sender, functions. */
  mainItem?: string | null
  /** Where, or whom it concerns: the containing folder's name, the affected user's name. */
  subItem?: string | null
  /** How many things this one action covered (e.g. files uploaded in one request). Default 1. */
  count?: number
  /** How many items those things held (a trashed folder's files and subfolders). Default 0. */
  contents?: number
  /** The money it is about (a refund), in minor units. */
  amount?: { value: number; currency: string }
  audience: { forAll: true; alsoUsers?: readonly string[] } | { forUsers: readonly string[] }
  /**
   * Access is checked on the folder: a file's notification records its folder (looked up when only
   * `file_id` is given), and the unread count reads a reader's folders' notifications by that column.
   */
  refs?: { folder_id?: string; file_id?: string; product_id?: string; order_id?: string }
}

/** Bursts by one actor on one folder closer together than this become one entry. */
export const GROUP_WINDOW_MS = 10 * 60 * 1000
const GROUPED_TYPES: ReadonlySet<NotificationType> = new Set(['folder', 'file'])
/** Actions that place things in the folder, so a grouped entry still says one true thing. */
const GROUPED_ACTIONS: ReadonlySet<NotificationAction> = new Set(['uploaded', 'copied', 'moved'])

export async function notify(db: Db, input: NotificationInput, now: Date): Promise<string> {
  if (db.isTransaction) return record(db, input, now)
  // The grouping, the row and its recipients commit together; on PostgreSQL the commit may move the id.
  const recorded = await db.transaction().execute((trx) => record(trx, input, now))
  return isPostgres(db) ? ((await committedNotificationId(db, recorded)) ?? recorded) : recorded
}

async function record(trx: Db, input: NotificationInput, now: Date): Promise<string> {
  const postgres = isPostgres(trx)
  const stamp = now.toISOString()
  const forAll = 'forAll' in input.audience
  const listed = 'forAll' in input.audience ? (input.audience.alsoUsers ?? []) : input.audience.forUsers
  const users = [...new Set(listed)].sort()
  const forUsers = JSON.stringify(users)
  const fileId = input.refs?.file_id ?? null
  const folderId = input.refs?.folder_id ?? (fileId ? await folderOfFile(trx, fileId) : null)
  const itemCount = Math.max(1, Math.trunc(input.count ?? 1))
  const contentCount = Math.max(0, Math.trunc(input.contents ?? 0))

  // The entry a burst would group into is the latest that matches this one.
  const groupWith: GroupMatch | null =
    GROUPED_TYPES.has(input.type) && GROUPED_ACTIONS.has(input.action) && input.actor.id && folderId
      ? {
          type: input.type,
          action: input.action,
          userId: input.actor.id,
          folderId,
          forAll,
          forUsers,
          since: new Date(now.getTime() - GROUP_WINDOW_MS).toISOString(),
        }
      : null

  const row = {
    type: input.type,
    action: input.action,
    user_name: input.actor.name,
    user_id: input.actor.id,
    mainItem: input.mainItem ?? null,
    subItem: input.subItem ?? null,
    forAll,
    for_users: forUsers,
    folder_id: folderId,
    file_id: fileId,
    product_id: input.refs?.product_id ?? null,
    order_id: input.refs?.order_id ?? null,
    itemCount,
    contentCount,
    amount: input.amount?.value ?? null,
    currency: input.amount?.currency ?? null,
    createdAt: stamp,
    updatedAt: stamp,
  }
  // Ids must grow in commit order, or a stream that has sent id N would skip a lower id committed
  // after it. PostgreSQL: one statement finds and takes the entry it groups into and records the
  // notification under a fresh id; at the commit a trigger puts the id in commit order and tells the
  // listeners (notification-bus.ts).
  if (postgres)
    return recordInCommitOrder(trx, {
      row,
      candidateId: newId(now.getTime()),
      groupWith,
      recipients: users,
      channel: NOTIFY_CHANNEL,
    })

  // SQLite: transactions are serial already (one writer, one connection).
  const id = idAfter(now, await latestNotificationId(trx))
  const groupInto = groupWith && (await findGroupableNotification(trx, groupWith))
  if (groupInto) {
    // Its read state and recipients go with it (cascade): the grouped entry is news again.
    const previous = await takeNotification(trx, groupInto.id)
    if (previous) {
      row.itemCount += previous.itemCount
      row.contentCount += previous.contentCount
    }
  }
  await insertNotification(trx, { id, ...row })
  // Only existing users: a stale id in the list must not fail the action that notifies.
  if (users.length > 0) await insertRecipients(trx, id, users)
  pokeLocal(id)
  return id
}

/**
 * Tells the user's open pages, on every instance, that what they may open changed (a share revoked;
 * a session, token, role or restriction of theirs changed), so they refetch, and their notification
 * streams re-check who reads them at once (a stream whose session ended closes). Inside a
 * transaction it is delivered on commit; nothing is stored.
 */
export async function announceAccessChange(db: Db, userId: string): Promise<void> {
  if (isPostgres(db)) await announceNotification(db, ACCESS_CHANNEL, userId)
  else accessChangedLocal(userId)
}

/** A new id above every existing one, even when another instance's clock runs ahead of ours. */
function idAfter(now: Date, latest: string | null): string {
  const id = newId(now.getTime())
  if (latest === null || id > latest) return id
  const latestMs = Number.parseInt(latest.slice(0, 8) + latest.slice(9, 13), 16)
  return newId(latestMs + 1)
}
