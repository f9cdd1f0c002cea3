import type { AuditEventItem } from '../../../shared/contract/audit'
import type { ColumnDef } from '../../components/data-table'
import { formatDateTime } from '../../lib/format'
import { actionLabel, detailsLine } from './audit-table'
import { Nothing } from './users-columns'

// The audit log table's columns; createdAt, action and actorEmail are sort keys of the endpoint.

export const auditColumns: ColumnDef<AuditEventItem>[] = [
  {
    id: 'createdAt',
    header: 'When',
    sortDescFirst: true,
    enableHiding: false,
    meta: { rowHeader: true, className: 'whitespace-nowrap' },
    cell: ({ row: { original } }) => (
      <time dateTime={original.createdAt}>{formatDateTime(original.createdAt)}</time>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    cell: ({ row: { original } }) => (
      <span className="flex flex-col">
        <span className="font-medium text-fg">{actionLabel(original.action)}</span>
        <code className="text-xs text-fg-muted">{original.action}</code>
      </span>
    ),
  },
  {
    id: 'actorEmail',
    header: 'Who',
    cell: ({ row: { original } }) =>
      original.actor?.email ? <span className="break-all">{original.actor.email}</span> : <Nothing />,
  },
  {
    id: 'target',
    header: 'Target',
    cell: ({ row: { original } }) =>
      original.target ? (
        <span className="text-xs break-all">
          {original.target.type} <code>{original.target.id}</code>
        </span>
      ) : (
        <Nothing />
      ),
  },
  {
    id: 'details',
    header: 'Details',
    meta: { className: 'max-w-96' },
    cell: ({ row: { original } }) => {
      const line = detailsLine(original.details)
      return line ? <span className="line-clamp-2 text-xs break-all text-fg-muted">{line}</span> : <Nothing />
    },
  },
  {
    id: 'ipAddress',
    header: 'From',
    meta: { label: 'IP address' },
    cell: ({ row: { original } }) => original.ipAddress ?? <Nothing />,
  },
  {
    id: 'userAgent',
    header: 'Browser',
    meta: { label: 'User agent', className: 'max-w-64' },
    cell: ({ row: { original } }) =>
      original.userAgent ? <span className="line-clamp-2 text-xs">{original.userAgent}</span> : <Nothing />,
  },
]
