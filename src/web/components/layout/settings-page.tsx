import type { UseQueryResult } from '@tanstack/react-query'
import { type LucideIcon, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { errorMessage } from '../../lib/api-error'
import { type AccessNeed, AccessProblem, accessProblemStatus } from '../auth/access-problem'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { Skeleton } from '../ui/skeleton'
import { Spinner } from '../ui/spinner'
import { PageHeader } from './page-header'
import { PageTitle } from './page-title'

/**
 * An admin settings page around its form: the access answer for who may not change them, the heading,
 * a placeholder while the saved settings load, a retry when they could not be loaded, then the form.
 */
export function SettingsPage<T>({
  title,
  description,
  icon,
  settings,
  need = 'admin',
  action,
  placeholderClassName,
  children,
}: {
  title: string
  description: string
  /** Shown with the load failure. */
  icon: LucideIcon
  settings: UseQueryResult<T>
  need?: AccessNeed
  /** What the page lets people do, after "to": "change the inbox settings". */
  action: string
  /** The loading placeholder's height, near the form's. */
  placeholderClassName: string
  children: (saved: T) => ReactNode
}) {
  const denied = accessProblemStatus(settings.error)
  if (denied) return <AccessProblem status={denied} need={need} action={action} />
  const header = (
    <>
      <PageTitle title={title} />
      <PageHeader title={title} description={description} />
    </>
  )
  if (settings.isPending) {
    return (
      <div aria-busy="true">
        {header}
        <Spinner label="Loading the settings" />
        <Skeleton className={placeholderClassName} />
      </div>
    )
  }
  if (settings.isError) {
    return (
      <>
        {header}
        <EmptyState
          icon={icon}
          tone="danger"
          title="Could not load the settings"
          description={errorMessage(settings.error)}
          action={
            <Button onClick={() => void settings.refetch()} loading={settings.isFetching}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          }
        />
      </>
    )
  }
  return (
    <>
      {header}
      {children(settings.data)}
    </>
  )
}
