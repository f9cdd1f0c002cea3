import { ArrowLeft, FileX, Inbox, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import type { MyRequest } from '../../../../shared/contract/my-requests'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorMessage, isApiError } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { AnswerForm } from './answer-form'
import { REQUEST_KIND_PATHS, type RequestKind, useMyRequests } from './my-requests-api'
import { RequestThread } from './request-thread'

// /account/requests and /account/requests/:kind/:id: the quote requests and contact messages sent
// from the signed-in customer's address, the business's replies and their own answers, and a box to
// answer (decision 0134). Staff's internal notes never reach this page: the server leaves them out.

const KIND_LABEL: Record<RequestKind, string> = { quote: 'Quote request', contact: 'Message' }

export const requestHref = (r: Pick<MyRequest, 'kind' | 'id'>) =>
  `/account/requests/${r.kind}/${encodeURIComponent(r.id)}`

export function RequestStatus({ status }: { status: MyRequest['status'] }) {
  return status === 'pending' ? (
    <Badge variant="warning">Open</Badge>
  ) : (
    <Badge variant="success">Resolved</Badge>
  )
}

/** What the list query shows while it is not loaded: loading, signed out, or failed. */
function Unsettled({
  query,
  what,
  from,
}: {
  query: ReturnType<typeof useMyRequests>
  what: string
  from: string
}) {
  if (query.isPending)
    return (
      <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label={`Loading ${what}`}>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    )
  if (isApiError(query.error) && query.error.status === 401)
    return (
      <EmptyState
        headingLevel="h2"
        title={`Sign in to see ${what}`}
        action={
          <Button asChild>
            <Link to={`/sign-in?callbackUrl=${encodeURIComponent(from)}`}>Sign in</Link>
          </Button>
        }
      />
    )
  return (
    <Alert
      variant="danger"
      title={`Could not load ${what}`}
      action={
        <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      }
    >
      {errorMessage(query.error)}
    </Alert>
  )
}

export function MyRequestsPage() {
  const requests = useMyRequests()
  return (
    <>
      <PageTitle title="My requests" />
      <PageHeader
        title="My requests"
        description="The quote requests and messages you sent us, with our replies. Answer here or by e-mail."
      />
      {!requests.isSuccess ? (
        <Unsettled query={requests} what="your requests" from="/account/requests" />
      ) : requests.data.items.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No requests yet"
          description="When you ask for a quote or send us a message with this account's e-mail address, it appears here with our replies."
          action={
            <Button asChild>
              <Link to="/quote">Ask for a quote</Link>
            </Button>
          }
        />
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {requests.data.items.map((r) => (
            <li key={`${r.kind}-${r.id}`} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span className="flex min-w-0 flex-col">
                <Link to={requestHref(r)} className="font-medium break-words text-accent hover:underline">
                  {r.title}
                </Link>
                <span className="text-sm text-fg-muted">
                  {KIND_LABEL[r.kind]} · sent {formatDate(r.createdAt)} · {replyCount(r)}
                </span>
              </span>
              <RequestStatus status={r.status} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function replyCount(r: MyRequest): string {
  const n = r.messages.filter((m) => m.from === 'staff').length
  return n === 0 ? 'no reply yet' : n === 1 ? '1 reply' : `${n} replies`
}

function BackLink() {
  return (
    <Link
      to="/account/requests"
      className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-fg-muted hover:text-fg"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      My requests
    </Link>
  )
}

export function MyRequestPage() {
  const { kind = '', id = '' } = useParams()
  const requests = useMyRequests()
  const known = kind in REQUEST_KIND_PATHS
  let body: ReactNode
  if (!requests.isSuccess) {
    body = (
      <>
        <PageTitle title="My request" />
        <h1 className="sr-only">My request</h1>
        <Unsettled query={requests} what="this request" from={`/account/requests/${kind}/${id}`} />
      </>
    )
  } else {
    const request = known ? requests.data.items.find((r) => r.kind === kind && r.id === id) : undefined
    body = request ? (
      <RequestView request={request} />
    ) : (
      <>
        <PageTitle title="No such request" />
        <EmptyState
          icon={FileX}
          headingLevel="h1"
          title="No such request"
          description="It was deleted, it was sent from another address, or the link is wrong."
          action={
            <Button asChild>
              <Link to="/account/requests">See all your requests</Link>
            </Button>
          }
        />
      </>
    )
  }
  return (
    <>
      <BackLink />
      {body}
    </>
  )
}

function RequestView({ request }: { request: MyRequest }) {
  return (
    <>
      <PageTitle title={`${request.title}: my request`} />
      <PageHeader
        title={request.title}
        description={`${KIND_LABEL[request.kind]} sent ${formatDate(request.createdAt)}`}
      />
      <div className="-mt-4 mb-6">
        <RequestStatus status={request.status} />
      </div>
      <div className="flex max-w-3xl flex-col gap-6">
        <RequestThread request={request} />
        <AnswerForm kind={request.kind} id={request.id} resolved={request.status === 'resolved'} />
      </div>
    </>
  )
}
