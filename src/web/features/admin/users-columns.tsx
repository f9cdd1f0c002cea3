import { Link } from 'react-router'
import type { AdminUser } from '../../../shared/contract/admin-users'
import type { Role } from '../../../shared/enums'
import type { ColumnDef } from '../../components/data-table'
import { Badge, type BadgeVariant } from '../../components/ui/badge'
import { formatDate, formatDateTime } from '../../lib/format'
import { ACCOUNT_TYPE_LABELS, ROLE_LABELS, STAFF_FUNCTION_LABELS } from './user-labels'

// The users table's columns. Ids that are sort keys of the list endpoint (name, account_type, role,
// createdAt) get sort buttons.

const ROLE_BADGES: Record<Role, BadgeVariant> = { admin: 'accent', staff: 'warning', user: 'neutral' }

/** "—" for an empty cell, read out as "none". */
export function Nothing() {
  return (
    <>
      <span aria-hidden="true" className="text-fg-muted">
        —
      </span>
      <span className="sr-only">none</span>
    </>
  )
}

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={ROLE_BADGES[role]}>{ROLE_LABELS[role]}</Badge>
}

export function StaffFunctionBadges({ user }: { user: Pick<AdminUser, 'role' | 'staffFunctions'> }) {
  if (user.role === 'admin') return <span className="text-fg-muted">All (admin)</span>
  if (user.staffFunctions.length === 0) return <Nothing />
  return (
    <ul className="flex flex-wrap gap-1">
      {user.staffFunctions.map((fn) => (
        <li key={fn}>
          <Badge>{STAFF_FUNCTION_LABELS[fn]}</Badge>
        </li>
      ))}
    </ul>
  )
}

/** @param listSearch the table's query string, so the user page can link back to the same view. */
export function userColumns(listSearch: string): ColumnDef<AdminUser>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      enableHiding: false,
      meta: { rowHeader: true, className: 'min-w-56' },
      cell: ({ row: { original: user } }) => (
        <div className="flex flex-col">
          <Link
            to={`/admin/users/${encodeURIComponent(user.id)}`}
            state={{ listSearch }}
            className="font-medium text-fg hover:underline"
          >
            {user.name.trim() || user.email}
          </Link>
          <span className="text-xs text-fg-muted [overflow-wrap:anywhere]">{user.email}</span>
        </div>
      ),
    },
    {
      id: 'account_type',
      header: 'Account type',
      cell: ({ row: { original: user } }) => ACCOUNT_TYPE_LABELS[user.account_type],
    },
    {
      id: 'business',
      header: 'Business',
      cell: ({ row: { original: user } }) => user.business_name ?? <Nothing />,
    },
    {
      id: 'role',
      header: 'Role',
      cell: ({ row: { original: user } }) => <RoleBadge role={user.role} />,
    },
    {
      id: 'staffFunctions',
      header: 'Staff functions',
      cell: ({ row: { original: user } }) => <StaffFunctionBadges user={user} />,
    },
    {
      id: 'verified',
      header: 'E-mail',
      meta: { label: 'E-mail verified' },
      cell: ({ row: { original: user } }) =>
        user.emailVerified ? (
          <Badge variant="success" title={`Verified ${formatDateTime(user.emailVerified)}`}>
            Verified
          </Badge>
        ) : (
          <Badge variant="warning">Not verified</Badge>
        ),
    },
    {
      id: 'restricted',
      header: 'Status',
      meta: { label: 'Restricted' },
      cell: ({ row: { original: user } }) =>
        user.isRestricted ? (
          <Badge variant="danger">Restricted</Badge>
        ) : (
          <span className="text-fg-muted">Active</span>
        ),
    },
    {
      id: 'createdAt',
      header: 'Created',
      sortDescFirst: true,
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original: user } }) => (
        <time dateTime={user.createdAt} title={formatDateTime(user.createdAt)}>
          {formatDate(user.createdAt)}
        </time>
      ),
    },
  ]
}
