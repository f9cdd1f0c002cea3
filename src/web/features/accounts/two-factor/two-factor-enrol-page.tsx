import { Link, Navigate, useLocation } from 'react-router'
import { PageHeader } from '../../../components/layout/page-header'
import { PageSkeleton } from '../../../components/layout/page-skeleton'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { textLinkClasses } from '../auth-page'
import { useSession } from '../sessions/session'
import { signInPath } from '../sign-in/auth-redirect'
import { TwoFactorCard } from './two-factor-card'

/** /account/two-factor: where the admins' requirement sends staff and admins who have not set it up. */
export function TwoFactorEnrolPage() {
  const session = useSession()
  const location = useLocation()
  if (session.status === 'loading') return <PageSkeleton />
  if (session.status !== 'authenticated') return <Navigate to={signInPath(location.pathname)} replace />
  const due = session.user.mustEnrolTwoFactor === true
  return (
    <>
      <PageTitle title="Two-factor sign-in" />
      <PageHeader
        title="Set up two-factor sign-in"
        description={
          due
            ? 'Your administrators require two-factor sign-in for your account, and the time to set it up has run out. Set it up to continue.'
            : 'Protect your account with a code from your phone, asked for after your password.'
        }
      />
      <div className="flex max-w-2xl flex-col gap-6">
        <TwoFactorCard />
        {!due && (
          <Alert variant="info" title="Nothing else is needed">
            You can manage two-factor sign-in from your{' '}
            <Link className={textLinkClasses} to="/profile">
              profile
            </Link>
            , or{' '}
            <Link className={textLinkClasses} to="/">
              continue to the home page
            </Link>
            .
          </Alert>
        )}
      </div>
    </>
  )
}
