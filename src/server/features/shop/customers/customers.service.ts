import type { CustomerListQuery } from '../../../../shared/contract/shop/customers'
import { majorUnits } from '../../../../shared/money'
import type { AppDeps } from '../../../deps'
import { type CsvColumn, csvStream } from '../../../lib/csv/csv-stream'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { fetchListPage } from '../../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../../lib/list-query/query-batches'
import { canSeeCustomers } from '../../../policies/shop/orders.policy'
import { recordExport } from '../../audit/audit.service'
import { presentCustomerDetail, presentCustomerSummary } from './customers.presenter'
import { CUSTOMER_LIST_COLUMNS, type CustomerRow, filteredCustomers, findBuyer } from './customers.repository'

// The customers table for AccessShop staff and admins, one customer's page, and the audited CSV.

type Deps = Pick<AppDeps, 'database' | 'env' | 'clock'>

export async function listCustomers(deps: Deps, actor: Caller, query: CustomerListQuery) {
  if (!canSeeCustomers(actor)) throw problems.forbidden()
  const currency = deps.env.shopCurrency
  const page = await fetchListPage(
    filteredCustomers(deps.database.db, currency, query),
    query,
    CUSTOMER_LIST_COLUMNS,
  )
  return { ...page, items: page.items.map((row) => presentCustomerSummary(row, currency)) }
}

export async function getCustomer(deps: Deps, actor: Caller, id: string) {
  if (!canSeeCustomers(actor)) throw problems.forbidden()
  const currency = deps.env.shopCurrency
  const row = await findBuyer(deps.database.db, currency, id)
  if (!row) throw problems.notFound('No such customer: nobody with this id has placed an order.')
  return presentCustomerDetail(row, currency)
}

function customerCsv(currency: string): CsvColumn<CustomerRow>[] {
  return [
    { header: 'name', value: (r) => r.name },
    { header: 'email', value: (r) => r.email },
    { header: 'account_type', value: (r) => r.account_type },
    { header: 'business_name', value: (r) => (r.account_type === 'corporate' ? r.business_name : null) },
    { header: 'orders', value: (r) => String(Number(r.order_count)) },
    { header: 'total_spent', value: (r) => majorUnits(Number(r.total_spent), currency) },
    { header: 'currency', value: () => currency },
    { header: 'last_order_at', value: (r) => r.last_order_at ?? '' },
    { header: 'id', value: (r) => r.id },
  ]
}

export async function exportCustomers(deps: Deps, by: Caller, query: CustomerListQuery) {
  if (!canSeeCustomers(by)) throw problems.forbidden()
  await recordExport(deps.database.db, by, 'customers', query, deps.clock())
  const currency = deps.env.shopCurrency
  const rows = keysetBatches(
    deps.database.dialect,
    filteredCustomers(deps.database.db, currency, query),
    query,
    CUSTOMER_LIST_COLUMNS,
  )
  return csvStream(customerCsv(currency), rows)
}
