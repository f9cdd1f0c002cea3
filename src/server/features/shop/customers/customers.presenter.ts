import type { CustomerDetail, CustomerSummary } from '../../../../shared/contract/shop/customers'
import type { CustomerRow } from './customers.repository'

// What leaves the server about a customer: who they are and their figures in the shop currency.

export function presentCustomerSummary(row: CustomerRow, currency: string): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    account_type: row.account_type,
    business_name: row.account_type === 'corporate' ? row.business_name : null,
    order_count: Number(row.order_count),
    total_spent: Number(row.total_spent),
    currency,
    last_order_at: row.last_order_at,
  }
}

export function presentCustomerDetail(row: CustomerRow, currency: string): CustomerDetail {
  return {
    ...presentCustomerSummary(row, currency),
    refunded: Number(row.refunded),
    customer_since: row.customer_since,
  }
}
