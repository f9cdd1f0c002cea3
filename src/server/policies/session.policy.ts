// How long a sign-in lasts (docs/decisions/0004). A session ends at the first of: sign-out, revocation
// (restriction, password change or reset, an admin), IDLE_TIMEOUT without a request, ABSOLUTE_LIFETIME
// after sign-in.
export const IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000
export const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000
/** lastSeenAt is written at most this often, so reads do not become writes on every request. */
export const TOUCH_INTERVAL_MS = 60 * 1000

export function isSessionLive(
  session: { expires: string; lastSeenAt: string | null; createdAt: string },
  now: Date,
): boolean {
  const t = now.getTime()
  if (Date.parse(session.expires) <= t) return false
  const lastSeen = Date.parse(session.lastSeenAt ?? session.createdAt)
  return t - lastSeen < IDLE_TIMEOUT_MS
}
