import { FolderOpen } from 'lucide-react'
import type { ComponentType } from 'react'
import { Link, useLocation } from 'react-router'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { buttonClasses } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { useSession } from '../accounts/session'
import { signInLink } from '../admin/sign-in-link'
import { ListingSkeleton } from './listing-states'

/**
 * The file manager is for signed-in people: a visitor gets a sign-in prompt that comes back to the
 * same address, and no request that would only answer 401.
 */
export function signedInOnly<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function SignedInOnly(props: P) {
    const session = useSession()
    const location = useLocation()
    if (session.status === 'loading') return <ListingSkeleton />
    if (session.status === 'unauthenticated')
      return (
        <div className="flex flex-col gap-4">
          <PageTitle title="Files" />
          <PageHeader
            title="Files"
            description="Folders shared with you and by you: upload, preview and download files."
          />
          <EmptyState
            icon={FolderOpen}
            title="Sign in to see your files"
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
    return <Page {...props} />
  }
  return SignedInOnly
}
