import { ArrowLeft, CheckCheck, FileX, RotateCcw, RotateCw, Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { AccessProblem, accessProblemStatus } from '../../components/auth/access-problem'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/toast-store'
import { errorMessage, isApiError } from '../../lib/api-error'
import { formatDateTime } from '../../lib/format'
import { textLinkClasses } from '../accounts/auth-page'
import { listSearchFrom } from '../admin/list-link'
import { UserSection } from '../admin/user-section'
import { Nothing } from '../admin/users-columns'
import { AssigneePicker } from './conversation/assignee-picker'
import { Composer } from './conversation/composer'
import { AttachmentList } from './conversation/customer-message'
import { Thread } from './conversation/thread'
import { type TriageDetail, useChangeStatus, useDeleteEntry, useTriageEntry } from './inbox-staff-api'
import { StatusBadge, senderName } from './triage-columns'
import { TRIAGE_KINDS, type TriageKind } from './triage-tables'

/** /staff/quotes/:id and /staff/contacts/:id: the whole message, who resolved it and when. */
export function TriageEntryPage({ kind }: { kind: TriageKind }) {
  const { id = '' } = useParams()
  const location = useLocation()
  const entry = useTriageEntry(kind, id)
  const info = TRIAGE_KINDS[kind]
  const listHref = `${info.path}${listSearchFrom(location.state)}`
  const back = (
    <Link
      to={listHref}
      className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-fg-muted hover:text-fg"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All {info.plural}
    </Link>
  )

  const denied = accessProblemStatus(entry.error)
  if (denied) return <AccessProblem status={denied} need="ManageFeedback" action="see the inbox" />
  if (entry.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        {back}
        <Spinner label={`Loading the ${info.noun}`} />
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-48" />
      </div>
    )
  }
  if (entry.isError) {
    const missing = isApiError(entry.error, 'not_found')
    const title = missing ? `No such ${info.noun}` : `Could not load the ${info.noun}`
    return (
      <>
        <PageTitle title={title} />
        {back}
        <EmptyState
          icon={FileX}
          tone={missing ? 'default' : 'danger'}
          headingLevel="h1"
          title={title}
          description={missing ? 'It was deleted, or the link is wrong.' : errorMessage(entry.error)}
          action={
            missing ? (
              <Button asChild>
                <Link to={info.path}>See all {info.plural}</Link>
              </Button>
            ) : (
              <Button onClick={() => void entry.refetch()} loading={entry.isFetching}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            )
          }
        />
      </>
    )
  }
  return <EntryView kind={kind} entry={entry.data} back={back} listHref={listHref} />
}

function EntryView({
  kind,
  entry,
  back,
  listHref,
}: {
  kind: TriageKind
  entry: TriageDetail
  back: ReactNode
  listHref: string
}) {
  const info = TRIAGE_KINDS[kind]
  const name = senderName(entry)
  const facts: [string, ReactNode][] = [
    [
      'E-mail',
      <a key="e" className={`break-all ${textLinkClasses}`} href={`mailto:${entry.email}`}>
        {entry.email}
      </a>,
    ],
  ]
  if ('business_name' in entry) {
    facts.push(
      ['Business', entry.business_name || <Nothing key="b" />],
      ['Industry', entry.industry || <Nothing key="i" />],
      ['Phone', entry.phone || <Nothing key="p" />],
      ['Service', entry.service || <Nothing key="s" />],
    )
  }
  if ('subject' in entry) facts.push(['Subject', entry.subject])
  facts.push(['Received', formatDateTime(entry.createdAt)])
  facts.push([
    'Resolved',
    entry.resolvedAt
      ? `${formatDateTime(entry.resolvedAt)}${entry.resolvedBy ? ` by ${entry.resolvedBy.name}` : ''}`
      : 'Not yet',
  ])

  return (
    <>
      <PageTitle title={`${name}: ${info.noun}`} />
      {back}
      <PageHeader
        title={name}
        description={`${info.noun[0]!.toUpperCase()}${info.noun.slice(1)} from ${entry.email}`}
      />
      <div className="-mt-4 mb-8 flex flex-wrap items-center gap-2">
        <StatusBadge status={entry.status} />
      </div>
      {'flag' in entry && entry.flag && <HeldNotice flag={entry.flag} />}
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <UserSection title="Message">
            <p className="text-sm whitespace-pre-wrap break-words text-fg">{entry.message}</p>
            {'attachments' in entry && entry.attachments && entry.attachments.length > 0 && (
              <div className="text-sm">
                <AttachmentList kind={kind} entryId={entry.id} attachments={entry.attachments} />
              </div>
            )}
          </UserSection>
          <UserSection title="Conversation">
            <Thread kind={kind} id={entry.id} />
            {entry.abilities.reply && <Composer kind={kind} id={entry.id} email={entry.email} />}
          </UserSection>
        </div>
        <div className="flex flex-col gap-6">
          <UserSection title="Details">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-fg-muted">{label}</dt>
                  <dd className="text-fg">{value}</dd>
                </div>
              ))}
            </dl>
          </UserSection>
          {entry.abilities.assign && (
            <UserSection title="Assignment">
              <AssigneePicker kind={kind} entry={entry} />
            </UserSection>
          )}
          <EntryActions kind={kind} entry={entry} listHref={listHref} />
        </div>
      </div>
    </>
  )
}

const HELD_REASONS: Record<string, string> = {
  unknown_sender:
    'It came by e-mail from an address that has never written to us, and it answers none of our conversations. Check it is not spam before replying.',
  oversized:
    'The e-mail was larger than the mailbox reader takes, so only what could be read (its headers) is here. Look at the original in the mailbox.',
  malformed:
    'The e-mail could not be read whole, so only what could be read is here. Look at the original in the mailbox.',
}

/** Why a message made from an e-mail is held for a look (contacts.flag). */
function HeldNotice({ flag }: { flag: string }) {
  return (
    <Alert variant="warning" title="Held for a look" className="mb-6">
      {HELD_REASONS[flag] ?? `It came by e-mail and was held (${flag}).`}
    </Alert>
  )
}

function EntryActions({
  kind,
  entry,
  listHref,
}: {
  kind: TriageKind
  entry: TriageDetail
  listHref: string
}) {
  const info = TRIAGE_KINDS[kind]
  const navigate = useNavigate()
  const change = useChangeStatus(kind, entry.id)
  const remove = useDeleteEntry(kind, entry.id)
  const [confirmingDelete, setConfirmingDelete] = useState(false)

  const setStatus = (status: 'pending' | 'resolved') =>
    change.mutate(status, {
      onSuccess: (saved) =>
        toast.success(
          saved.status === 'resolved' ? 'Marked resolved' : 'Reopened',
          `${senderName(saved)}'s ${info.noun}.`,
        ),
    })
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success('Deleted', `${senderName(entry)}'s ${info.noun} was deleted.`)
        void navigate(listHref)
      },
      onSettled: () => setConfirmingDelete(false),
    })

  return (
    <UserSection title="Actions">
      {change.isError && <ProblemAlert title="Could not change the status" error={change.error} />}
      {remove.isError && <ProblemAlert title={`Could not delete the ${info.noun}`} error={remove.error} />}
      <div className="flex flex-wrap gap-2">
        {entry.abilities.resolve && (
          <Button onClick={() => setStatus('resolved')} loading={change.isPending}>
            <CheckCheck aria-hidden="true" />
            Mark resolved
          </Button>
        )}
        {entry.abilities.reopen && (
          <Button variant="secondary" onClick={() => setStatus('pending')} loading={change.isPending}>
            <RotateCcw aria-hidden="true" />
            Reopen
          </Button>
        )}
        {entry.abilities.delete && (
          <Button variant="danger" onClick={() => setConfirmingDelete(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={`Delete this ${info.noun}?`}
        description={`${senderName(entry)}'s ${info.noun} will be deleted for good. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </UserSection>
  )
}

export function QuoteEntryPage() {
  return <TriageEntryPage kind="quote" />
}

export function ContactEntryPage() {
  return <TriageEntryPage kind="contact" />
}
