import { Link } from 'react-router'
import { SIGN_IN_PATH } from '../../components/layout/nav-items'
import { Button } from '../../components/ui/button'
import { useSession } from './sessions/session'

/**
 * The home page's second call to action: "Sign in" for visitors; for someone signed in, the way to
 * their own things. Nothing while the session is still being read, so a signed-in person never sees
 * "Sign in" flash.
 */
export function HomeAccountAction() {
  const session = useSession()
  if (session.status === 'loading') return null
  if (session.status === 'unauthenticated') {
    return (
      <Button asChild size="lg" variant="secondary">
        <Link to={SIGN_IN_PATH}>Sign in</Link>
      </Button>
    )
  }
  return (
    <Button asChild size="lg" variant="secondary">
      <Link to="/files">Open my files</Link>
    </Button>
  )
}
