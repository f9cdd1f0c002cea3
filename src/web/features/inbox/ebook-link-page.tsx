import { BookOpen, CircleAlert, MailX } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { EBOOK_LINK_EXPIRED_CODE } from '../../../shared/contract/inbox'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { errorMessage, isApiError } from '../../lib/api-error'
import { ebookDownloadHref, useConfirmEbook, useUnsubscribeEbook } from './inbox-api'
import { BackHomeButton, SubmissionSuccess } from './submission-success'

// The pages behind the e-book e-mail's links. Opening them changes nothing (mail scanners open links):
// the visitor presses a button, which POSTs.

function useLinkToken(): string | null {
  const [params] = useSearchParams()
  const token = params.get('token')
  return token && token.length >= 10 ? token : null
}

function LinkProblem({ error }: { error: unknown }) {
  const expired = isApiError(error, EBOOK_LINK_EXPIRED_CODE)
  return (
    <EmptyState
      tone="danger"
      icon={CircleAlert}
      headingLevel="h2"
      title={expired ? 'This link has expired' : 'This link does not work'}
      description={
        error === null
          ? 'The link is incomplete. Copy the whole link from the e-mail, or ask for the e-book again.'
          : errorMessage(error)
      }
      action={
        <Button asChild variant="secondary">
          <Link to="/ebook">Ask for a new link</Link>
        </Button>
      }
    />
  )
}

function Frame({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <>
      <PageTitle title={title} />
      <PageHeader title={title} description={description} />
      <div className="max-w-xl">{children}</div>
    </>
  )
}

/** /ebook/download?token=…: confirm the address (POST), then the download. */
export function EbookDownloadPage() {
  const token = useLinkToken()
  const confirm = useConfirmEbook()

  if (confirm.isSuccess) {
    const ready = confirm.data.download === 'ready'
    return (
      <SubmissionSuccess
        title="Your address is confirmed"
        message={
          ready
            ? `Thank you, ${confirm.data.email}. Your e-book is ready to download.`
            : `Thank you, ${confirm.data.email}. The e-book is not available for download yet: please come back to this link later (it works for 7 days from the e-mail).`
        }
      >
        {ready && token && (
          <Button asChild>
            <a href={ebookDownloadHref(token)} download>
              Download the e-book
            </a>
          </Button>
        )}
        <BackHomeButton />
      </SubmissionSuccess>
    )
  }

  return (
    <Frame title="Your e-book" description="Confirm your e-mail address to get the e-book.">
      {!token ? (
        <LinkProblem error={null} />
      ) : confirm.isError ? (
        <LinkProblem error={confirm.error} />
      ) : (
        <div className="flex flex-col items-start gap-4 rounded-lg border border-border bg-surface p-6 shadow-sm">
          <BookOpen aria-hidden="true" className="size-8 text-accent" />
          <p className="text-fg">
            Press the button to confirm that this address is yours. It also adds you to our mailing list;
            every e-mail has a one-click unsubscribe.
          </p>
          <Button size="lg" loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
            Confirm and get the e-book
          </Button>
        </div>
      )}
    </Frame>
  )
}

/** /ebook/unsubscribe?token=…: one button to leave the list (mail clients use one-click instead). */
export function EbookUnsubscribePage() {
  const token = useLinkToken()
  const unsubscribe = useUnsubscribeEbook()

  if (unsubscribe.isSuccess) {
    return (
      <SubmissionSuccess
        title="You are unsubscribed"
        message="We will not send you any more e-mails about the e-book list. Changed your mind? Ask for the e-book again and confirm."
      >
        <BackHomeButton />
      </SubmissionSuccess>
    )
  }

  return (
    <Frame title="Unsubscribe" description="Stop receiving e-mails from our e-book mailing list.">
      {!token ? (
        <LinkProblem error={null} />
      ) : unsubscribe.isError ? (
        <LinkProblem error={unsubscribe.error} />
      ) : (
        <div className="flex flex-col items-start gap-4 rounded-lg border border-border bg-surface p-6 shadow-sm">
          <MailX aria-hidden="true" className="size-8 text-fg-muted" />
          <p className="text-fg">Press the button to take your address off the list.</p>
          <Button
            size="lg"
            variant="danger"
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            Unsubscribe
          </Button>
        </div>
      )}
    </Frame>
  )
}
