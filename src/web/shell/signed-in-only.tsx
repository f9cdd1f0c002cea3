import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { signInLink } from '../components/auth/sign-in-link'
import { PageHeader } from '../components/layout/page-header'
import { PageSkeleton } from '../components/layout/page-skeleton'
import { PageTitle } from '../components/layout/page-title'
import { buttonClasses } from '../components/ui/button'
import { EmptyState } from '../components/ui/empty-state'
import { useSession } from '../features/accounts/sessions/session'

/** What a signed-out visitor sees in place of the pages: the area's heading and a call to sign in. */
export interface SignInPrompt {
  /** The area's name, as its page title and heading ("Files"). */
  area: string
  description: string
  icon: LucideIcon
  /** The prompt's heading ("Sign in to see your files"). */
  title: string
}

/**
 * The sign-in guard, a layout route over the pages that are only for signed-in people: a visitor gets
 * a sign-in prompt that comes back to the same address, and no request that would only answer 401.
 */
export function SignedInOnly({ prompt, loading }: { prompt: SignInPrompt; loading?: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  if (session.status === 'loading') return loading ?? <PageSkeleton />
  if (session.status === 'unauthenticated')
    return (
      <div className="flex flex-col gap-4">
        <PageTitle title={prompt.area} />
        <PageHeader title={prompt.area} description={prompt.description} />
        <EmptyState
          icon={prompt.icon}
          title={prompt.title}
          action={
            <Link
              to={signInLink(`${location.pathname}${location.search}`)}
              className={buttonClasses({ variant: 'primary' })}
            >
              Sign in
            </Link>
          }
        />
      </div>
    )
  return <Outlet />
}
