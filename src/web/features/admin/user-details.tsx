import type { ReactNode } from 'react'
import type { AdminUserDetail } from '../../../shared/contract/admin-users'
import { formatDateTime } from '../../lib/format'
import { ACCOUNT_TYPE_LABELS } from './user-labels'
import { UserSection } from './user-section'
import { Nothing } from './users-columns'

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-fg-muted">{term}</dt>
      <dd className="text-fg">{children}</dd>
    </div>
  )
}

/** Who the user is: account, verification, age and how they sign in. */
export function UserDetails({ user }: { user: AdminUserDetail }) {
  return (
    <UserSection title="Details">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <Row term="E-mail">
          <span className="break-all">{user.email}</span>
        </Row>
        <Row term="Account type">{ACCOUNT_TYPE_LABELS[user.account_type]}</Row>
        {user.account_type === 'corporate' && (
          <>
            <Row term="Business name">{user.business_name ?? <Nothing />}</Row>
            <Row term="Industry">{user.industry ?? <Nothing />}</Row>
          </>
        )}
        <Row term="E-mail verified">
          {user.emailVerified ? (
            <time dateTime={user.emailVerified}>{formatDateTime(user.emailVerified)}</time>
          ) : (
            'Not verified'
          )}
        </Row>
        <Row term="Created">
          <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
        </Row>
        <Row term="Connected providers">{user.providers.length > 0 ? user.providers.join(', ') : 'None'}</Row>
      </dl>
    </UserSection>
  )
}
