import { useIsMutating } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useSession } from '../accounts/sessions/session'
import { SIGN_OUT_MUTATION_KEY } from '../accounts/sessions/sign-out'

// The bell (with its dropdown and the page's one live connection) loads only for signed-in people:
// visitors' pages stay light and open no event stream.
const NotificationBell = lazy(async () => ({
  default: (await import('./notification-bell')).NotificationBell,
}))

/**
 * The header's notification bell, for signed-in users only. It goes as soon as sign-out starts: once
 * the server has ended the session, its count and stream would only be refused (401).
 */
export function HeaderNotifications() {
  const session = useSession()
  const signingOut = useIsMutating({ mutationKey: SIGN_OUT_MUTATION_KEY }) > 0
  // Nor while the user must first set up two-factor sign-in: everything but enrolling is refused.
  if (session.status !== 'authenticated' || signingOut || session.user.mustEnrolTwoFactor) return null
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  )
}
