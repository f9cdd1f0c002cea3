import type {
  Notification,
  NotificationList,
  NotificationListQuery,
  UnreadCount,
} from '../../../shared/contract/notifications'
import { parseStaffFunctions } from '../../../shared/staff-functions'
import type { Db } from '../../db/db'
import type { AppDeps } from '../../deps'
import type { Caller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { loadAccessStarts } from './access-starts.repository'
import * as reads from './notification-reads.repository'
import { mutedTypes } from './notification-settings.service'
import { presentNotification } from './notifications.presenter'
import * as repo from './notifications.repository'
import { countUnread } from './unread-count.repository'

type Deps = Pick<AppDeps, 'database' | 'clock'>

/** The reader, fresh from the database (role and functions as they are now). */
export async function loadRecipient(deps: Deps, actor: Caller): Promise<repo.Recipient> {
  if (actor.kind !== 'user') throw problems.unauthenticated()
  const recipient = await recipientById(deps.database.db, actor.id)
  if (!recipient) throw problems.unauthenticated()
  return recipient
}

/** Someone as their inbox sees them, or null when the account is gone or restricted. */
export async function recipientById(db: Db, userId: string): Promise<repo.Recipient | null> {
  const row = await repo.loadRecipientRow(db, userId)
  if (!row || row.isRestricted) return null
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    staffFunctions: row.role === 'staff' ? parseStaffFunctions(row.staffFunctions) : [],
    createdAt: row.createdAt,
    isRestricted: row.isRestricted,
    // Only admins' and staff's inboxes start where a capability began (heldSince); a customer's does not.
    since: row.role === 'user' ? {} : await loadAccessStarts(db, row.id),
    muted: mutedTypes(
      row.files === null || row.shop === null || row.inbox === null || row.digest === null
        ? undefined
        : { files: row.files, shop: row.shop, inbox: row.inbox, digest: row.digest },
    ),
  }
}

export async function listNotifications(
  deps: Deps,
  actor: Caller,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const recipient = await loadRecipient(deps, actor)
  const now = deps.clock()
  const db = deps.database.db
  const rows = await repo.listVisible(db, recipient, now, {
    type: query.type,
    read: query.read,
    before: query.cursor,
    limit: query.limit + 1,
  })
  const page = rows.slice(0, query.limit)
  return {
    items: page.map((row) => presentNotification(row, recipient)),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    unread: await countUnread(db, recipient, now),
  }
}

export async function getUnreadCount(deps: Deps, actor: Caller): Promise<UnreadCount> {
  const recipient = await loadRecipient(deps, actor)
  const now = deps.clock()
  return {
    unread: await countUnread(deps.database.db, recipient, now),
    latestId: await repo.latestVisibleId(deps.database.db, recipient, now),
  }
}

/** Someone else's notification, or one the reader may no longer see, is "not found" to them. */
async function visibleOr404(deps: Deps, recipient: repo.Recipient, id: string) {
  const row = await repo.findVisible(deps.database.db, recipient, deps.clock(), id)
  if (!row) throw problems.notFound('No such notification.')
  return row
}

export async function setNotificationRead(
  deps: Deps,
  actor: Caller,
  id: string,
  read: boolean,
): Promise<Notification> {
  const recipient = await loadRecipient(deps, actor)
  const row = await visibleOr404(deps, recipient, id)
  await reads.setRead(deps.database.db, recipient.id, id, read, deps.clock())
  // Not re-read: a read entry past the read retention leaves the inbox at once, yet this answer stands.
  return presentNotification({ ...row, isRead: read ? 1 : 0 }, recipient)
}

export async function dismissNotification(deps: Deps, actor: Caller, id: string): Promise<void> {
  const recipient = await loadRecipient(deps, actor)
  await visibleOr404(deps, recipient, id)
  await reads.dismiss(deps.database.db, recipient.id, id, deps.clock())
}

/**
 * Marks read everything up to `upTo` (the newest entry the reader has seen), or everything that
 * exists now. Anything made afterwards stays unread; repeating it changes nothing.
 */
export async function markAllRead(
  deps: Deps,
  actor: Caller,
  upTo: string | undefined,
): Promise<{ unread: number }> {
  const recipient = await loadRecipient(deps, actor)
  const db = deps.database.db
  const now = deps.clock()
  const latest = await repo.latestId(db)
  // Never past what exists: a future id would pre-read notifications not yet made.
  const target = latest === null ? null : upTo !== undefined && upTo < latest ? upTo : latest
  if (target !== null) await reads.markAllReadUpTo(db, recipient.id, target, now)
  return { unread: await countUnread(db, recipient, now) }
}
