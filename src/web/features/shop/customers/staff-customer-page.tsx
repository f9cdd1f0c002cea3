import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import type { CustomerDetail } from '../../../../shared/contract/shop/customers'
import { AccessProblem, accessProblemStatus } from '../../../components/auth/access-problem'
import { DataTable } from '../../../components/data-table'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Card, CardHeader } from '../../../components/ui/card'
import { formatDateTime, formatMoney } from '../../../lib/format'
import { ACCOUNT_TYPE_LABELS } from '../../admin/user-labels'
import { Nothing } from '../../admin/users-columns'
import { useStaffOrdersTable } from '../orders/staff-orders-table'
import { recordQueryState } from '../record-query-state'
import { useCustomer } from './customers-api'

// /staff/customers/:id: one customer — who they are, what they spent — and their orders, each
// linking to its staff order page.

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-fg-muted">{term}</dt>
      <dd className="text-fg [overflow-wrap:anywhere]">{children}</dd>
    </div>
  )
}

function CustomerFacts({ customer: c }: { customer: CustomerDetail }) {
  return (
    <Card>
      <CardHeader title="Details" />
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <Row term="E-mail">
          <a href={`mailto:${c.email}`} className="text-accent hover:underline">
            {c.email}
          </a>
        </Row>
        <Row term="Account type">{ACCOUNT_TYPE_LABELS[c.account_type]}</Row>
        {c.account_type === 'corporate' ? (
          <Row term="Business name">{c.business_name ?? <Nothing />}</Row>
        ) : null}
        <Row term="Paid orders">{c.order_count}</Row>
        <Row term="Total spent">{formatMoney(c.total_spent, c.currency)}</Row>
        <Row term="Refunded">{formatMoney(c.refunded, c.currency)}</Row>
        <Row term="Last order">
          {c.last_order_at ? (
            <time dateTime={c.last_order_at}>{formatDateTime(c.last_order_at)}</time>
          ) : (
            <Nothing />
          )}
        </Row>
        <Row term="Account since">
          <time dateTime={c.customer_since}>{formatDateTime(c.customer_since)}</time>
        </Row>
      </dl>
    </Card>
  )
}

function CustomerOrders({ customer }: { customer: CustomerDetail }) {
  const table = useStaffOrdersTable(
    { title: 'No orders', description: 'This customer has no orders that match.' },
    customer.id,
  )
  return (
    <section aria-labelledby="customer-orders" className="flex flex-col gap-3">
      <h2 id="customer-orders" className="font-semibold text-lg">
        Orders
      </h2>
      <DataTable
        {...table}
        label={`Orders of ${customer.name}`}
        search={{ label: 'Search their orders', placeholder: 'Reference' }}
      />
    </section>
  )
}

export function StaffCustomerPage() {
  const { id = '' } = useParams()
  const customer = useCustomer(id)
  const denied = accessProblemStatus(customer.error)
  if (denied) return <AccessProblem status={denied} need="AccessShop" action="see customers" />
  const fallback = recordQueryState(customer, 'customer')
  if (fallback || !customer.data) return fallback
  const c = customer.data
  return (
    <>
      <PageTitle title={c.name} />
      <PageHeader
        title={c.name.trim() || c.email}
        description={c.account_type === 'corporate' && c.business_name ? c.business_name : 'Customer'}
      />
      <div className="flex flex-col gap-6">
        <CustomerFacts customer={c} />
        <CustomerOrders customer={c} />
        <p>
          <Link to="/staff/customers" className="text-accent hover:underline">
            All customers
          </Link>
        </p>
      </div>
    </>
  )
}
