import { LogIn, ShieldX } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import type { StaffFunction } from '../../../shared/enums'
import { ApiError } from '../../lib/api-error'
import { PageTitle } from '../layout/page-title'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { signInLink } from './sign-in-link'

/** 401 (signed out, or the session ended) or 403 (signed in, not an admin); otherwise undefined. */
export function accessProblemStatus(error: unknown): 401 | 403 | undefined {
  if (!(error instanceof ApiError)) return undefined
  return error.status === 401 || error.status === 403 ? error.status : undefined
}

/** What a page needs: the admin role, or a staff function (admins hold every function). */
export type AccessNeed = 'admin' | StaffFunction

/** "You need the AccessShop staff function to see orders. Ask an admin." */
export function missingAccessMessage(need: AccessNeed, action: string): string {
  const what = need === 'admin' ? 'the admin role' : `the ${need} staff function`
  return `You need ${what} to ${action}. Ask an admin.`
}

function audienceOf(need: AccessNeed): string {
  return need === 'admin' ? 'administrators' : `admins and staff with the ${need} function`
}

/**
 * What an admin or staff page shows to someone who may not see it: sign in, or what they are missing
 * ("You need the AccessShop staff function to see orders. Ask an admin.").
 */
export function AccessProblem({
  status,
  need,
  action,
}: {
  status: 401 | 403
  need: AccessNeed
  /** What the page lets people do, after "to": "see orders", "manage users". */
  action: string
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
          description={`This page is for ${audienceOf(need)}. Sign in with an account that may see it.`}
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
        description={missingAccessMessage(need, action)}
        action={
          <Button asChild variant="secondary">
            <Link to="/">Go to the home page</Link>
          </Button>
        }
      />
    </>
  )
}
