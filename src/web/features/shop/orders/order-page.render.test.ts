import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h, type ReactElement } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { OrderDocuments } from '../../../../shared/contract/shop/invoices'
import type { OrderDetail } from '../../../../shared/contract/shop/orders'
import { OrderPage } from './order-page'
import { orderKeys } from './orders-api'
import { StaffOrderPage } from './staff-order-page'

// An order's page, for its buyer and for shop staff: named by its products, the Paystack reference a
// detail below, and a corporate buyer's business on it.

const ORDER: OrderDetail = {
  id: 'order-1',
  trxref: 'dep_7f3a9c',
  name: 'Design guide and 2 more',
  status: 'paid',
  total: 7500,
  discount_code: null,
  discount: 0,
  currency: 'NGN',
  user_id: 'user-1',
  buyer_name: 'Ada Obi',
  buyer_email: 'ada@acme.test',
  buyer_business_name: 'Acme Prints Ltd',
  item_count: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:01:00.000Z',
  lines: ['Design guide', 'Logo pack', 'Font kit'].map((name, i) => ({
    product_id: `p${i}`,
    name,
    type: 'digital',
    quantity: 1,
    amount: 2500,
    discount: 0,
  })),
  deliverables: [],
  events: [],
  refunds: [],
  refunded: 0,
  refundable: 7500,
  abilities: { pay: false, refund: false },
}

function render(
  page: ReactElement,
  scope: 'mine' | 'staff',
  order: OrderDetail,
  documents?: OrderDocuments,
): string {
  const client = new QueryClient()
  client.setQueryData(orderKeys.detail(scope, order.id), order)
  if (documents)
    client.setQueryData([...orderKeys.detail(scope, order.id), 'documents', order.status], documents)
  const path = scope === 'mine' ? '/account/orders/:id' : '/staff/orders/:id'
  const router = createMemoryRouter([{ path, element: page }], {
    initialEntries: [path.replace(':id', order.id)],
  })
  return renderToStaticMarkup(h(QueryClientProvider, { client }, h(RouterProvider, { router })))
}

describe('order pages', () => {
  it('name the buyer’s order by its products, with the business it is billed to and the reference', () => {
    const html = render(h(OrderPage), 'mine', ORDER)
    expect(html).toMatch(/<h1[^>]*>Order Design guide and 2 more<\/h1>/)
    expect(html).toContain('Billed to Acme Prints Ltd')
    expect(html).toContain('Items in order Design guide and 2 more')
    expect(html).toContain('<code>dep_7f3a9c</code>')
    expect(html).not.toMatch(/<h1[^>]*>[^<]*dep_7f3a9c/)
  })

  it('leave out the business for an individual buyer', () => {
    const html = render(h(OrderPage), 'mine', { ...ORDER, name: 'Brand book', buyer_business_name: null })
    expect(html).toMatch(/<h1[^>]*>Order Brand book<\/h1>/)
    expect(html).not.toContain('Billed to')
  })

  it('name the order the same way for staff, with the buyer and their business', () => {
    const html = render(h(StaffOrderPage), 'staff', ORDER)
    expect(html).toMatch(/<h1[^>]*>Order Design guide and 2 more<\/h1>/)
    expect(html).toContain('Ada Obi · Acme Prints Ltd · ada@acme.test')
    expect(html).toContain('<code>dep_7f3a9c</code>')
  })
})

describe('an order’s invoice and credit notes', () => {
  const base = (scope: 'mine' | 'staff') =>
    scope === 'mine' ? `/api/shop/orders/${ORDER.id}` : `/api/staff/orders/${ORDER.id}`
  const documents = (scope: 'mine' | 'staff'): OrderDocuments => ({
    invoice: {
      id: 'inv-1',
      number: 'INV-2026-000042',
      issued_at: '2026-11-20T10:01:00.000Z',
      currency: 'NGN',
      pdf_url: `${base(scope)}/invoice.pdf`,
      total: 7500,
    },
    credit_notes: [
      {
        id: 'cn-1',
        number: 'CN-2026-000007',
        issued_at: '2026-11-21T09:00:00.000Z',
        currency: 'NGN',
        pdf_url: `${base(scope)}/credit-notes/cn-1`,
        amount: 2500,
      },
    ],
  })
  const link = (href: string, label: string) =>
    new RegExp(`<a href="${href.replace(/[/.]/g, '\\$&')}" download=""[^>]*>.*?${label}</a>`)

  it('link the buyer to their invoice and each credit note as PDF downloads, by number', () => {
    const html = render(h(OrderPage), 'mine', { ...ORDER, status: 'refunded' }, documents('mine'))
    expect(html).toContain('Invoice and credit notes')
    expect(html).toMatch(link(`/api/shop/orders/${ORDER.id}/invoice.pdf`, 'Download invoice INV-2026-000042'))
    expect(html).toMatch(
      link(`/api/shop/orders/${ORDER.id}/credit-notes/cn-1`, 'Download credit note CN-2026-000007'),
    )
    expect(html).toContain('Credit note CN-2026-000007')
  })

  it('link staff to the same documents under the staff routes', () => {
    const html = render(h(StaffOrderPage), 'staff', { ...ORDER, status: 'refunded' }, documents('staff'))
    expect(html).toMatch(
      link(`/api/staff/orders/${ORDER.id}/invoice.pdf`, 'Download invoice INV-2026-000042'),
    )
    expect(html).toMatch(
      link(`/api/staff/orders/${ORDER.id}/credit-notes/cn-1`, 'Download credit note CN-2026-000007'),
    )
  })

  it('say when the invoice comes for an unpaid order, with no links', () => {
    const html = render(
      h(OrderPage),
      'mine',
      { ...ORDER, status: 'pending' },
      { invoice: null, credit_notes: [] },
    )
    expect(html).toContain('The invoice is issued when the order is paid.')
    expect(html).not.toContain('Download invoice')
  })
})
