import { LogIn, ShieldX } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { ApiError } from '../../lib/api-error'
import { signInLink } from './sign-in-link'

/** 401 (signed out, or the session ended) or 403 (signed in, not an admin); otherwise undefined. */
export function accessProblemStatus(error: unknown): 401 | 403 | undefined {
  if (!(error instanceof ApiError)) return undefined
  return error.status === 401 || error.status === 403 ? error.status : undefined
}

/**
 * What an admin page shows to someone who may not see it: sign in, or "not allowed". Staff pages say
 * who they are for (`audience`) and what is not allowed (`forbidden`).
 */
export function AdminAccessProblem({
  status,
  audience = 'administrators',
  forbidden = 'Only admins can manage users.',
}: {
  status: 401 | 403
  audience?: string
  forbidden?: string
}) {
  const { pathname, search } = useLocation()
  if (status === 401) {
    return (
      <>
        <PageTitle title="Sign in to continue" />
        <EmptyState
          icon={LogIn}
          headingLevel="h1"
          title="Sign in to continue"
          description={`This page is for ${audience}. Sign in with an account that may see it.`}
          action={
            <Button asChild>
              <Link to={signInLink(`${pathname}${search}`)}>Sign in</Link>
            </Button>
          }
        />
      </>
    )
  }
  return (
    <>
      <PageTitle title="Not allowed" />
      <EmptyState
        icon={ShieldX}
        tone="danger"
        headingLevel="h1"
        title="Not allowed"
        description={`${forbidden} If you need this, ask an admin to give you access.`}
        action={
          <Button asChild variant="secondary">
            <Link to="/">Go to the home page</Link>
          </Button>
        }
      />
    </>
  )
}
