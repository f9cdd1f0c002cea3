import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { AuthPage } from '../auth-page'

/** Where a tab lands when its account was restricted while it was signed in. */
export function AccountSuspendedPage() {
  return (
    <AuthPage title="Your account is suspended">
      <Alert variant="warning" title="You were signed out">
        An administrator restricted your account, so it cannot be used for now. Contact us if you think this
        is a mistake.
      </Alert>
      <Button asChild variant="secondary" className="w-full">
        <Link to="/">Go to the home page</Link>
      </Button>
    </AuthPage>
  )
}
