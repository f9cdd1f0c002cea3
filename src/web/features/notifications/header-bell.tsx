import { lazy, Suspense } from 'react'
import { useSession } from '../accounts/session'

// The bell (with its live connection and Radix menu) loads only for signed-in people.
const NotificationBell = lazy(async () => ({
  default: (await import('./notification-bell')).NotificationBell,
}))

/** The header's notification bell, for signed-in users only. */
export function HeaderBell() {
  const session = useSession()
  if (session.status !== 'authenticated') return null
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  )
}
