import { Link } from 'react-router'
import type {
  ContactSummary,
  EbookEntry,
  EbookStatus,
  QuoteSummary,
} from '../../../shared/contract/inbox-staff'
import type { InboxStatus } from '../../../shared/enums'
import type { ColumnDef } from '../../components/data-table'
import { Badge, type BadgeVariant } from '../../components/ui/badge'
import { formatDate, formatDateTime } from '../../lib/format'
import { Nothing } from '../admin/users-columns'
import type { TriageSummary } from './inbox-staff-api'
import { EBOOK_STATUS_LABELS, entryPath, STATUS_LABELS, type TriageKind } from './triage-tables'

// The triage tables' columns. Ids that are sort keys of the list endpoint get sort buttons.

export function StatusBadge({ status }: { status: InboxStatus }) {
  return <Badge variant={status === 'pending' ? 'warning' : 'success'}>{STATUS_LABELS[status]}</Badge>
}

const EBOOK_BADGES: Record<EbookStatus, BadgeVariant> = {
  unconfirmed: 'neutral',
  subscribed: 'success',
  unsubscribed: 'warning',
}

export function When({ at }: { at: string | null }) {
  if (!at) return <Nothing />
  return (
    <time dateTime={at} title={formatDateTime(at)} className="whitespace-nowrap">
      {formatDate(at)}
    </time>
  )
}

export const senderName = (entry: Pick<TriageSummary, 'first_name' | 'last_name' | 'email'>) =>
  `${entry.first_name} ${entry.last_name}`.trim() || entry.email

function nameColumn<T extends TriageSummary>(kind: TriageKind, listSearch: string): ColumnDef<T> {
  return {
    id: 'name',
    header: 'From',
    enableHiding: false,
    meta: { rowHeader: true, className: 'min-w-52' },
    cell: ({ row: { original: entry } }) => (
      <div className="flex flex-col">
        <Link
          to={entryPath(kind, entry.id)}
          state={{ listSearch }}
          className="font-medium text-fg hover:underline"
        >
          {senderName(entry)}
        </Link>
        <span className="text-xs text-fg-muted [overflow-wrap:anywhere]">{entry.email}</span>
      </div>
    ),
  }
}

function commonTail<T extends TriageSummary>(): ColumnDef<T>[] {
  return [
    {
      id: 'excerpt',
      header: 'Message',
      meta: { className: 'max-w-80' },
      cell: ({ row: { original } }) => <span className="line-clamp-2 text-fg-muted">{original.excerpt}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original } }) => <StatusBadge status={original.status} />,
    },
    {
      id: 'createdAt',
      header: 'Received',
      sortDescFirst: true,
      cell: ({ row: { original } }) => <When at={original.createdAt} />,
    },
    {
      id: 'assignedTo',
      header: 'Assigned to',
      cell: ({ row: { original } }) => (original.assignedTo ? original.assignedTo.name : <Nothing />),
    },
    {
      id: 'resolvedAt',
      header: 'Resolved',
      sortDescFirst: true,
      cell: ({ row: { original } }) =>
        original.resolvedAt ? (
          <span className="flex flex-col">
            <When at={original.resolvedAt} />
            {original.resolvedBy && (
              <span className="text-xs text-fg-muted">by {original.resolvedBy.name}</span>
            )}
          </span>
        ) : (
          <Nothing />
        ),
    },
  ]
}

export function quoteColumns(listSearch: string): ColumnDef<QuoteSummary>[] {
  return [
    nameColumn<QuoteSummary>('quote', listSearch),
    {
      id: 'business_name',
      header: 'Business',
      cell: ({ row: { original } }) => original.business_name || <Nothing />,
    },
    {
      id: 'industry',
      header: 'Industry',
      cell: ({ row: { original } }) => original.industry || <Nothing />,
    },
    {
      id: 'phone',
      header: 'Phone',
      cell: ({ row: { original } }) => original.phone || <Nothing />,
    },
    {
      id: 'service',
      header: 'Service',
      cell: ({ row: { original } }) => original.service || <Nothing />,
    },
    ...commonTail<QuoteSummary>(),
  ]
}

export function contactColumns(listSearch: string): ColumnDef<ContactSummary>[] {
  return [
    nameColumn<ContactSummary>('contact', listSearch),
    {
      id: 'subject',
      header: 'Subject',
      meta: { className: 'min-w-40' },
      cell: ({ row: { original } }) => original.subject,
    },
    ...commonTail<ContactSummary>(),
  ]
}

export const ebookColumns: ColumnDef<EbookEntry>[] = [
  {
    id: 'email',
    header: 'E-mail address',
    enableHiding: false,
    meta: { rowHeader: true },
    cell: ({ row: { original } }) => <span className="[overflow-wrap:anywhere]">{original.email}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original } }) => (
      <Badge variant={EBOOK_BADGES[original.status]}>{EBOOK_STATUS_LABELS[original.status]}</Badge>
    ),
  },
  { id: 'source', header: 'Source', cell: ({ row: { original } }) => original.source },
  {
    id: 'createdAt',
    header: 'Asked',
    sortDescFirst: true,
    cell: ({ row: { original } }) => <When at={original.createdAt} />,
  },
  {
    id: 'confirmedAt',
    header: 'Opted in',
    sortDescFirst: true,
    cell: ({ row: { original } }) => <When at={original.confirmedAt} />,
  },
  {
    id: 'unsubscribedAt',
    header: 'Unsubscribed',
    cell: ({ row: { original } }) => <When at={original.unsubscribedAt} />,
  },
]
