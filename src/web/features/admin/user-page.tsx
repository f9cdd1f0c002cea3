import { ArrowLeft, RotateCw, UserX } from 'lucide-react'
import { Link, useLocation, useParams } from 'react-router'
import { AccessProblem, accessProblemStatus } from '../../components/auth/access-problem'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { Spinner } from '../../components/ui/spinner'
import { errorMessage, isApiError } from '../../lib/api-error'
import { useAdminUser } from './admin-users-api'
import { listSearchFrom } from './list-link'
import { UserAccessForm } from './user-access-form'
import { UserAccessTokens } from './user-access-tokens'
import { UserDetails } from './user-details'
import { UserRestriction } from './user-restriction'
import { UserSessions } from './user-sessions'
import { UserTwoFactor } from './user-two-factor'
import { RoleBadge } from './users-columns'

/** /admin/users/:id: one user, and what an admin may change about them. */
export function UserPage() {
  const { id = '' } = useParams()
  const location = useLocation()
  const user = useAdminUser(id)
  const back = (
    <Link
      to={`/admin/users${listSearchFrom(location.state)}`}
      className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-fg-muted hover:text-fg"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All users
    </Link>
  )

  const denied = accessProblemStatus(user.error)
  if (denied) return <AccessProblem status={denied} need="admin" action="manage users" />
  if (user.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        {back}
        <Spinner label="Loading the user" />
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-5 w-80" />
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>
    )
  }
  if (user.isError) {
    const missing = isApiError(user.error, 'not_found')
    return (
      <>
        <PageTitle title={missing ? 'No such user' : 'Could not load the user'} />
        {back}
        <EmptyState
          icon={UserX}
          tone={missing ? 'default' : 'danger'}
          headingLevel="h1"
          title={missing ? 'No such user' : 'Could not load the user'}
          description={missing ? 'This user does not exist, or the link is wrong.' : errorMessage(user.error)}
          action={
            missing ? (
              <Button asChild>
                <Link to="/admin/users">See all users</Link>
              </Button>
            ) : (
              <Button onClick={() => void user.refetch()} loading={user.isFetching}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            )
          }
        />
      </>
    )
  }

  const data = user.data
  const name = data.name.trim() || data.email
  return (
    <>
      <PageTitle title={name} />
      {back}
      <PageHeader title={name} description={data.email} />
      <div className="-mt-4 mb-8 flex flex-wrap gap-2">
        <RoleBadge role={data.role} />
        {data.isRestricted && <Badge variant="danger">Restricted</Badge>}
        {!data.emailVerified && <Badge variant="warning">E-mail not verified</Badge>}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <UserDetails user={data} />
        <UserAccessForm user={data} />
        <UserRestriction user={data} />
        <UserSessions user={data} />
        <UserAccessTokens user={data} />
        <UserTwoFactor user={data} />
      </div>
    </>
  )
}
