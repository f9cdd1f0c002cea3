import { SearchX } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { PageTitle } from '../layout/page-title'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'

/** Any address the app has no page for. (The server answers unknown /api paths itself.) */
export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <>
      <PageTitle title="Page not found" />
      <EmptyState
        icon={SearchX}
        headingLevel="h1"
        title="Page not found"
        description={
          <>
            There is no page at <span className="font-mono break-all text-fg">{pathname}</span>. Check the
            address, or start again from the home page.
          </>
        }
        action={
          <Button asChild>
            <Link to="/">Go to the home page</Link>
          </Button>
        }
      />
    </>
  )
}
