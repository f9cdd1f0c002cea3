import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { DiscountDetail } from '../../../../shared/contract/shop/discounts'
import type { CatalogueList } from '../../../../shared/contract/shop/products'
import { listQueryParams, readTableState } from '../../../lib/url-state'
import { shopKeys } from '../shop-api'
import { DiscountForm } from './discount-form'
import { formValuesOf, parseDiscountForm } from './discount-form-values'
import { ProductPicker } from './product-picker'
import { STAFF_DISCOUNTS_TABLE, StaffDiscountsPage } from './staff-discounts-page'

// The discount form's products: all of them, or chosen by name from the catalogue and shown as chips
// that can be removed; a chosen list left empty says what to do.

const CODE: DiscountDetail = {
  id: 'd1',
  code: 'SPRING',
  kind: 'percentage',
  value: 20,
  min_order: null,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  max_uses_per_customer: null,
  uses: 0,
  paid_uses: 0,
  product_count: 1,
  active: true,
  state: 'active',
  currency: 'NGN',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  product_ids: ['p1'],
  products: [{ id: 'p1', name: 'Brand book' }],
}

const item = (id: string, name: string) => ({
  id,
  name,
  slug: id,
  type: 'Guide',
  price: 5000,
  currency: 'NGN',
  cover_photo: null,
  createdAt: '2026-11-20T10:00:00.000Z',
})

const CATALOGUE: CatalogueList = {
  items: [item('p1', 'Brand book'), item('p2', 'Logo pack')],
  total: 2,
  page: 1,
  pageSize: 20,
} as CatalogueList

function render(node: ReturnType<typeof h>): string {
  const client = new QueryClient()
  client.setQueryData(shopKeys.catalogue({ q: '', pageSize: 20, sort: 'name', order: 'asc' }), CATALOGUE)
  return renderToStaticMarkup(h(QueryClientProvider, { client }, node))
}

describe('discount form products', () => {
  it('shows a code’s chosen products by name as removable chips, and the catalogue as a checklist', () => {
    const html = render(h(DiscountForm, { discount: CODE, currency: 'NGN', onDone: () => {} }))
    expect(html).toContain('<legend')
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="chosen"/)
    expect(html).toMatch(/<ul aria-label="Chosen products"[^>]*><li[^>]*>Brand book<button/)
    expect(html).toContain('aria-label="Remove Brand book"')
    expect(html).toContain('Find products by name')
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*\/>Brand book<\/label>/)
    expect(html).toMatch(/<input type="checkbox"(?![^>]*checked)[^>]*\/>Logo pack<\/label>/)
    expect(html).not.toContain('p1\n')
  })

  it('starts a new code on all products, without the checklist', () => {
    const html = render(h(DiscountForm, { currency: 'NGN', onDone: () => {} }))
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="all"/)
    expect(html).not.toContain('Find products by name')
  })

  it('marks the products invalid with its message', () => {
    const html = render(
      h(ProductPicker, {
        scope: 'chosen',
        chosen: [],
        onScope: () => {},
        onChosen: () => {},
        error: 'Choose at least one product, or choose “All products”.',
      }),
    )
    expect(html).toMatch(/<fieldset[^>]*aria-describedby="[^"]+-error"[^>]*aria-invalid="true"/)
    expect(html).toContain('No products chosen yet.')
    expect(html).toContain('Choose at least one product, or choose “All products”.')
  })
})

describe('discount form checks', () => {
  const base = { ...formValuesOf(undefined, 'NGN'), code: 'SPRING', value: '20' }

  it('sends the chosen products’ ids, or none for all products', () => {
    const chosen = parseDiscountForm({ ...base, scope: 'chosen', products: CODE.products }, 'NGN')
    expect(chosen).toMatchObject({ body: { product_ids: ['p1'] } })
    const all = parseDiscountForm({ ...base, scope: 'all', products: CODE.products }, 'NGN')
    expect(all).toMatchObject({ body: { product_ids: [] } })
  })

  it('gives each wrong field its own message', () => {
    const parsed = parseDiscountForm(
      {
        ...base,
        code: 'x',
        value: '120',
        min_order: 'abc',
        starts_at: '2026-12-02T00:00',
        ends_at: '2026-12-01T00:00',
        max_uses: '0',
        max_uses_per_customer: '1.5',
        scope: 'chosen',
        products: [],
      },
      'NGN',
    )
    expect('errors' in parsed && parsed.errors).toEqual({
      code: 'Use 3 to 40 letters, digits, - or _.',
      value: 'Enter a whole percentage from 1 to 100.',
      min_order: expect.any(String),
      ends_at: 'The end must come after the start.',
      max_uses: 'The total use limit must be a whole number of at least 1.',
      max_uses_per_customer: 'The per-customer limit must be a whole number of at least 1.',
      product_ids: 'Choose at least one product, or choose “All products”.',
    })
  })
})

describe('the staff discount codes page', () => {
  it('lists the codes in the shared table page: kind, state, uses against the limit, products', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
    const query = listQueryParams(readTableState(new URLSearchParams(''), STAFF_DISCOUNTS_TABLE))
    const { product_ids: _, products: __, ...summary } = CODE
    client.setQueryData(['discounts', 'list', query], {
      items: [
        { ...summary, uses: 2, paid_uses: 1, max_uses: 5 },
        {
          ...summary,
          id: 'd2',
          code: 'TENOFF',
          kind: 'fixed',
          value: 100000,
          product_count: 0,
          state: 'expired',
        },
      ],
      page: 1,
      pageSize: 25,
      total: 2,
      totalPages: 1,
    })
    const html = renderToStaticMarkup(
      h(
        QueryClientProvider,
        { client },
        h(
          MemoryRouter,
          { initialEntries: ['/staff/discounts'] },
          h(Routes, null, h(Route, { path: '/staff/discounts', element: h(StaffDiscountsPage) })),
        ),
      ),
    )
    expect(html).toMatch(/<h1[^>]*>Discount codes<\/h1>/)
    expect(html).toContain('New discount code')
    expect(html).toContain('aria-label="Edit SPRING"')
    expect(html).toContain('20 %')
    expect(html).toContain('1 paid · 2 of 5')
    expect(html).toContain('₦1,000.00')
    expect(html).toContain('Expired')
    expect(html).toContain('Search codes')
  })
})
