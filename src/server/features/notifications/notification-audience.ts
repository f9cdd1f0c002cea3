import type { NotificationType } from '../../../shared/enums'

// Who could possibly see a new notification: the hub's filter for which open streams to wake
// (notification-hub.ts). It is a superset, never the decision: a woken stream still asks
// eligibleNotifications() what its reader may see. What is left out here is only a stream that would
// have found nothing. The facts come from the notification's row (notification-audience.repository.ts)
// or, on PostgreSQL, with the poke that announced it (notification-poke.ts), read in the statement
// that recorded it.

/** A new notification, as far as waking streams goes. */
export type NotificationAudience =
  /** Gone (rolled back, or grouped into a later one): nobody has anything to fetch. */
  | { kind: 'nobody' }
  /** Anyone signed in may be eligible, but never the actor (nobody hears of their own actions). */
  | { kind: 'everyone'; actorId: string | null }
  /** Only these users may see it (the recipients listed, the folder's members). */
  | { kind: 'users'; actorId: string | null; userIds: ReadonlySet<string> }

/** What a notification's audience follows from. */
export interface AudienceFacts {
  actorId: string | null
  forAll: boolean
  type: NotificationType | null
  /** The folder it is about (for a file, the file's folder). */
  folderId: string | null
  /** The users it is addressed to (`forUsers`) or that a broadcast adds (`alsoUsers`). */
  listed: readonly string[]
  /**
   * For a broadcast about a folder (reachesFolderMembers): who can open the folder, by the folder
   * rule read upwards; a null stands for everyone (the way up ends in a public top-level folder).
   */
  members: readonly (string | null)[]
}

const FOLDER_TYPES: readonly NotificationType[] = ['folder', 'file']

/** A broadcast about a folder or a file in one reaches the folder's members only (mayStillSee's folder check). */
export function reachesFolderMembers(facts: Pick<AudienceFacts, 'forAll' | 'type' | 'folderId'>): boolean {
  return facts.forAll && facts.type !== null && FOLDER_TYPES.includes(facts.type) && facts.folderId !== null
}

export function audienceFrom(facts: AudienceFacts): NotificationAudience {
  const { actorId } = facts
  const userIds = new Set(facts.listed)
  if (!facts.forAll) return { kind: 'users', actorId, userIds }
  if (!reachesFolderMembers(facts) || facts.members.includes(null)) return { kind: 'everyone', actorId }
  for (const member of facts.members) if (member !== null) userIds.add(member)
  return { kind: 'users', actorId, userIds }
}

/** Whether a new notification may be for this reader: null (unknown) may be for anyone. */
export function mayConcern(audience: NotificationAudience | null, readerId: string): boolean {
  if (audience === null) return true
  if (audience.kind === 'nobody' || audience.actorId === readerId) return false
  return audience.kind === 'everyone' || audience.userIds.has(readerId)
}
