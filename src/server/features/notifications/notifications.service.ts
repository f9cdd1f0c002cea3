import type {
  Notification,
  NotificationList,
  NotificationListQuery,
  UnreadCount,
} from '../../../shared/contract/notifications'
import type { AppDeps } from '../../deps'
import { problems } from '../../lib/http/problem'
import type { Actor } from '../../policies/actor'
import { parseStaffFunctions } from '../accounts/sessions.service'
import { loadAccessStarts } from './access-starts.repository'
import * as reads from './notification-reads.repository'
import { presentNotification } from './notifications.presenter'
import * as repo from './notifications.repository'

type Deps = Pick<AppDeps, 'database' | 'clock'>

/** The reader, fresh from the database (role and functions as they are now). */
export async function loadViewer(deps: Deps, actor: Actor): Promise<repo.Viewer> {
  if (actor.kind !== 'user') throw problems.unauthenticated()
  const row = await repo.loadViewerRow(deps.database.db, actor.id)
  if (!row || row.isRestricted) throw problems.unauthenticated()
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    staffFunctions: row.role === 'staff' ? parseStaffFunctions(row.staffFunctions) : [],
    createdAt: row.createdAt,
    isRestricted: row.isRestricted,
    since: await loadAccessStarts(deps.database.db, row.id),
  }
}

export async function listNotifications(
  deps: Deps,
  actor: Actor,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const viewer = await loadViewer(deps, actor)
  const now = deps.clock()
  const db = deps.database.db
  const rows = await repo.listVisible(db, viewer, now, {
    type: query.type,
    read: query.read,
    before: query.cursor,
    limit: query.limit + 1,
  })
  const page = rows.slice(0, query.limit)
  return {
    items: page.map((row) => presentNotification(row, viewer)),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    unread: await repo.countUnread(db, viewer, now),
  }
}

export async function getUnreadCount(deps: Deps, actor: Actor): Promise<UnreadCount> {
  const viewer = await loadViewer(deps, actor)
  const now = deps.clock()
  return {
    unread: await repo.countUnread(deps.database.db, viewer, now),
    latestId: await repo.latestVisibleId(deps.database.db, viewer, now),
  }
}

/** Someone else's notification, or one the reader may no longer see, is "not found" to them. */
async function visibleOr404(deps: Deps, viewer: repo.Viewer, id: string) {
  const row = await repo.findVisible(deps.database.db, viewer, deps.clock(), id)
  if (!row) throw problems.notFound('No such notification.')
  return row
}

export async function setNotificationRead(
  deps: Deps,
  actor: Actor,
  id: string,
  read: boolean,
): Promise<Notification> {
  const viewer = await loadViewer(deps, actor)
  const row = await visibleOr404(deps, viewer, id)
  await reads.setRead(deps.database.db, viewer.id, id, read, deps.clock())
  // Not re-read: a read entry past the read retention leaves the inbox at once, yet this answer stands.
  return presentNotification({ ...row, isRead: read ? 1 : 0 }, viewer)
}

export async function dismissNotification(deps: Deps, actor: Actor, id: string): Promise<void> {
  const viewer = await loadViewer(deps, actor)
  await visibleOr404(deps, viewer, id)
  await reads.dismiss(deps.database.db, viewer.id, id, deps.clock())
}

/**
 * Marks read everything up to `upTo` (the newest entry the reader has seen), or everything that
 * exists now. Anything made afterwards stays unread; repeating it changes nothing.
 */
export async function markAllRead(
  deps: Deps,
  actor: Actor,
  upTo: string | undefined,
): Promise<{ unread: number }> {
  const viewer = await loadViewer(deps, actor)
  const db = deps.database.db
  const now = deps.clock()
  const latest = await repo.latestId(db)
  // Never past what exists: a future id would pre-read notifications not yet made.
  const target = latest === null ? null : upTo !== undefined && upTo < latest ? upTo : latest
  if (target !== null) await reads.markAllReadUpTo(db, viewer.id, target, now)
  return { unread: await repo.countUnread(db, viewer, now) }
}
