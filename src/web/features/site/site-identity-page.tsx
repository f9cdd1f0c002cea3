import { RotateCw, Settings } from 'lucide-react'
import { AccessProblem, accessProblemStatus } from '../../components/auth/access-problem'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { Spinner } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { MailSenderSection } from './mail-sender-section'
import { OwnersWordsSections } from './owners-words-sections'
import { useAdminSiteIdentity } from './site-admin-api'
import { IdentityForm } from './site-identity-form'
import { SiteImageEditor } from './site-image-editor'

/** /admin/site: the business behind the site, as visitors, e-mails and receipts show it. */
export function SiteIdentityPage() {
  const identity = useAdminSiteIdentity()
  const denied = accessProblemStatus(identity.error)
  if (denied) return <AccessProblem status={denied} need="admin" action="change the site identity" />
  const header = (
    <>
      <PageTitle title="Site identity" />
      <PageHeader
        title="Site identity"
        description="Your business as visitors and e-mails see it: its name, address, colour, logo and icon, and the words and products on your home page and shop."
      />
    </>
  )
  if (identity.isPending) {
    return (
      <div aria-busy="true">
        {header}
        <Spinner label="Loading the site identity" />
        <Skeleton className="mt-4 h-72" />
      </div>
    )
  }
  if (identity.isError) {
    return (
      <>
        {header}
        <EmptyState
          icon={Settings}
          tone="danger"
          title="Could not load the site identity"
          description={errorMessage(identity.error)}
          action={
            <Button onClick={() => void identity.refetch()} loading={identity.isFetching}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          }
        />
      </>
    )
  }
  const data = identity.data
  return (
    <>
      {header}
      <div className="flex max-w-2xl flex-col gap-6">
        {data.warnings.map((warning) => (
          <Alert key={warning} variant="warning" title="Needs your attention">
            {warning}
          </Alert>
        ))}
        {!data.saved && (
          <Alert variant="info" title="Not saved yet">
            These details come from the server’s BUSINESS_NAME and BUSINESS_ADDRESS settings until you save
            them here.
          </Alert>
        )}
        <IdentityForm saved={data} />
        <SiteImageEditor kind="logo" current={data.logoUrl} />
        <SiteImageEditor kind="favicon" current={data.faviconUrl} />
        <MailSenderSection sender={data.mailSender} />
        <OwnersWordsSections />
      </div>
    </>
  )
}
