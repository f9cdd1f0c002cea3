import type { LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { PageHeader } from './page-header'
import { PageTitle } from './page-title'

export interface ComingSoonProps {
  title: string
  /** What the area will do, in the user's words. */
  description: string
  icon: LucideIcon
}

/** The page for an area that is not built yet: says so plainly and offers a way on. */
export function ComingSoon({ title, description, icon }: ComingSoonProps) {
  return (
    <>
      <PageTitle title={title} />
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={icon}
        title="Coming soon"
        description="This part of the site is not open yet. Please check back shortly."
        action={
          <Button asChild variant="secondary">
            <Link to="/">Back to the home page</Link>
          </Button>
        }
      />
    </>
  )
}
