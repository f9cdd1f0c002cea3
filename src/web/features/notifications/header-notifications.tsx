import { lazy, Suspense } from 'react'
import { useSession } from '../accounts/session'

// The bell (with its dropdown and the page's one live connection) loads only for signed-in people:
// visitors' pages stay light and open no event stream.
const NotificationBell = lazy(async () => ({
  default: (await import('./notification-bell')).NotificationBell,
}))

/** The header's notification bell, for signed-in users only. */
export function HeaderNotifications() {
  const session = useSession()
  if (session.status !== 'authenticated') return null
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  )
}
