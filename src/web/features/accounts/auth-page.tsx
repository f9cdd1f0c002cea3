import type { ReactNode } from 'react'
import { PageTitle } from '../../components/layout/page-title'
import { Card, CardHeader } from '../../components/ui/card'

export interface AuthPageProps {
  title: string
  description?: ReactNode
  children: ReactNode
  /** A line under the card: "New here? Create an account". */
  footer?: ReactNode
}

/** The narrow, centred frame of the sign-in, sign-up, verification and password pages. */
export function AuthPage({ title, description, children, footer }: AuthPageProps) {
  return (
    <>
      <PageTitle title={title} />
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        <Card>
          <CardHeader headingLevel="h1" title={title} description={description} />
          {children}
        </Card>
        {footer && <div className="text-center text-sm text-fg-muted">{footer}</div>}
      </div>
    </>
  )
}

/** A plain text link in the accounts pages' style. */
export const textLinkClasses =
  'rounded-sm font-medium text-accent-soft-fg underline underline-offset-4 hover:decoration-2 dark:text-accent'
