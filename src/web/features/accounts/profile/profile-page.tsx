import { TriangleAlert } from 'lucide-react'
import { Link, Navigate, useLocation } from 'react-router'
import { PageHeader } from '../../../components/layout/page-header'
import { PageSkeleton } from '../../../components/layout/page-skeleton'
import { PageTitle } from '../../../components/layout/page-title'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { errorMessage } from '../../../lib/api'
import { AccessTokensCard } from '../access-tokens/access-tokens-card'
import { textLinkClasses } from '../auth-page'
import { useMe, useSession } from '../sessions/session'
import { SessionsList } from '../sessions/sessions-list'
import { signInPath } from '../sign-in/auth-redirect'
import { TwoFactorCard } from '../two-factor/two-factor-card'
import { AccountTypeForm } from './account-type-form'
import { AvatarEditor } from './avatar-editor'
import { BillingDetailsForm } from './billing-details-form'
import { ChangePasswordForm } from './change-password-form'
import { ConnectAsDrive } from './connect-drive'
import { ConnectedProviders } from './connected-providers'
import { ProfileDetailsForm } from './profile-details-form'

/** The signed-in user's own account. Signed out, it sends them to sign in and back here. */
export function ProfilePage() {
  const session = useSession()
  const location = useLocation()
  const signedIn = session.status === 'authenticated'
  const me = useMe(signedIn)

  if (session.status === 'loading') return <PageSkeleton />
  if (!signedIn || me.data === null) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />
  }

  return (
    <>
      <PageTitle title="Your profile" />
      <PageHeader
        title="Your profile"
        description="Your details, how you sign in, and where you are signed in."
      />
      <p className="-mt-4 mb-6 text-sm text-fg-muted">
        Also yours:{' '}
        <Link to="/account/orders" className={textLinkClasses}>
          your orders
        </Link>{' '}
        and{' '}
        <Link to="/account/requests" className={textLinkClasses}>
          my requests
        </Link>{' '}
        (your quote requests and messages, with our replies).
      </p>
      {me.isPending ? (
        <PageSkeleton />
      ) : me.isError ? (
        <EmptyState
          tone="danger"
          icon={TriangleAlert}
          title="Your profile could not be loaded"
          description={errorMessage(me.error)}
          action={
            <Button variant="secondary" loading={me.isFetching} onClick={() => me.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <ProfileDetailsForm me={me.data} />
            <BillingDetailsForm me={me.data} />
            <AccountTypeForm me={me.data} />
            <ChangePasswordForm me={me.data} />
            <TwoFactorCard hasPassword={me.data.hasPassword} />
          </div>
          <div className="flex flex-col gap-6">
            <AvatarEditor me={me.data} />
            <ConnectedProviders me={me.data} />
          </div>
          <div className="lg:col-span-2">
            <SessionsList />
          </div>
          <div className="lg:col-span-2">
            <AccessTokensCard />
          </div>
          <div className="lg:col-span-2">
            <ConnectAsDrive />
          </div>
        </div>
      )}
    </>
  )
}
