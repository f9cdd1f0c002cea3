import { Link } from 'react-router'
import type { AuditEventItem } from '../../../../shared/contract/audit'
import type { ColumnDef } from '../../../components/data-table'
import { formatDateTime } from '../../../lib/format'
import { Nothing } from '../users-columns'
import { actionLabel } from './audit-table'

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
    meta: { className: 'min-w-40' },
    cell: ({ row: { original } }) => {
      const actor = original.actor
      if (!actor?.email && !actor?.name) return <Nothing />
      return (
        <span className="flex flex-col">
          <span className="text-fg">{actor.name ?? actor.email}</span>
          {actor.name && actor.email ? <span className="text-xs text-fg-muted">{actor.email}</span> : null}
        </span>
      )
    },
  },
  {
    id: 'target',
    header: 'Target',
    cell: ({ row: { original } }) => {
      const target = original.target
      if (!target) return <Nothing />
      if (target.type === 'user')
        return (
          <Link to={`/admin/users/${encodeURIComponent(target.id)}`} className="hover:underline">
            {target.label}
          </Link>
        )
      if (target.type === 'order')
        return (
          <Link to={`/staff/orders/${encodeURIComponent(target.id)}`} className="hover:underline">
            {target.label}
          </Link>
        )
      return target.label
    },
  },
  {
    id: 'details',
    header: 'Details',
    meta: { className: 'min-w-56 max-w-96' },
    cell: ({ row: { original } }) =>
      original.summary ? <span className="text-sm text-fg-muted">{original.summary}</span> : <Nothing />,
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
