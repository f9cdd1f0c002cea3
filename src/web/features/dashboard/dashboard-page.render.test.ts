import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Dashboard, DashboardQuery } from '../../../shared/contract/dashboard'
import { tableCsv } from './chart-table'
import { dashboardKeys } from './dashboard-api'
import { DASHBOARD } from './dashboard-fixture'
import { DashboardPage } from './dashboard-page'
import { periodParams, readPeriod } from './dashboard-period'
import { revenueTable, storageTable, topProductsTable } from './dashboard-tables'

// The dashboard page drawn from an answer: the parts the caller may see, each chart in a figure with an
// accessible name, its numbers in a table and a CSV download; the period read from the page's URL.

function render(
  url: string,
  answers: [DashboardQuery, Dashboard][] = [],
  client = new QueryClient(),
): string {
  for (const [query, data] of answers) client.setQueryData(dashboardKeys.period(query), data)
  const router = createMemoryRouter([{ path: '/staff/dashboard', element: h(DashboardPage) }], {
    initialEntries: [url],
  })
  return renderToStaticMarkup(h(QueryClientProvider, { client }, h(RouterProvider, { router })))
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('the dashboard page', () => {
  it('shows every part: the figures with their change, the inbox, the storage and six charts', () => {
    const html = render('/staff/dashboard', [[{ period: '30d' }, DASHBOARD]])
    const words = text(html)
    expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/)
    expect(words).toContain('Days are counted in the business’s time zone, Africa/Lagos.')
    expect(words).toContain('Net revenue ₦11,200.00 +12 % vs previous 30 days Previous 30 days: ₦10,000.00')
    expect(words).toContain('Paid orders 8 −20 % vs previous 30 days')
    expect(words).toContain('New customers 3 Up from none vs previous 30 days')
    expect(words).toContain('Discounts given ₦50.00 No change vs previous 30 days')
    expect(words).toContain('Quote requests waiting 2')
    expect(words).toContain('Median time to first reply 3 hours 20 minutes')
    expect(words).toContain('3 GB of 20 GB')
    expect(html.match(/<figure/g)).toHaveLength(6)
    expect(html.match(/<svg role="img"/g)).toHaveLength(6)
    expect(html).toContain(
      'aria-label="Revenue and paid orders by day, Oct 30, 2026 – Nov 28, 2026: ₦12,000.00 from 8 orders; the most, ₦7,500.00, in Nov 27."',
    )
    expect(html.match(/Show the numbers/g)).toHaveLength(6)
    expect(html.match(/Download CSV/g)).toHaveLength(6)
  })

  it('puts each chart’s numbers in a table with row and column headers', () => {
    const words = text(render('/staff/dashboard', [[{ period: '30d' }, DASHBOARD]]))
    expect(words).toContain('Day Revenue Orders Nov 26 ₦0.00 0 Nov 27 ₦7,500.00 5 Nov 28 ₦4,500.00 3')
    expect(words).toContain('Status Orders Paid 8 Awaiting payment 3 Refunded 1')
    expect(words).toContain('Customer Used Quota Ada Obi 2 GB 10 GB Bayo Ade 1 GB 10 GB')
  })

  it('leaves out the parts the caller may not see', () => {
    const html = render('/staff/dashboard', [
      [{ period: '30d' }, { ...DASHBOARD, inbox: null, storage: null }],
    ])
    expect(html).toContain('id="dashboard-shop"')
    expect(html).not.toContain('id="dashboard-inbox"')
    expect(html).not.toContain('id="dashboard-storage"')
    expect(html.match(/<figure/g)).toHaveLength(3)

    const inboxOnly = render('/staff/dashboard', [
      [{ period: '30d' }, { ...DASHBOARD, shop: null, storage: null }],
    ])
    expect(inboxOnly).not.toContain('Net revenue')
    expect(inboxOnly).toContain('id="dashboard-inbox"')
  })

  it('says so when a period has no orders, instead of drawing empty charts', () => {
    const shop = DASHBOARD.shop!
    const empty: Dashboard = {
      ...DASHBOARD,
      shop: {
        ...shop,
        revenueSeries: shop.revenueSeries.map((p) => ({ ...p, revenue: 0, orders: 0 })),
        topProducts: [],
        ordersByStatus: shop.ordersByStatus.map((s) => ({ ...s, count: 0 })),
      },
    }
    const html = render('/staff/dashboard', [[{ period: '30d' }, empty]])
    expect(html.match(/No orders in this period/g)).toHaveLength(2)
    expect(html).toContain('No products sold in this period')
    expect(html.match(/<svg role="img"/g)).toHaveLength(3)
  })

  it('shows a skeleton while the figures load', () => {
    const html = render('/staff/dashboard')
    expect(html).toContain('aria-label="Loading the dashboard"')
  })

  it('offers to try again when the figures could not be loaded', () => {
    // As a failed load leaves it (not retried again on mount, so the page shows it).
    const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } })
    client
      .getQueryCache()
      .build(client, { queryKey: dashboardKeys.period({ period: '30d' }) })
      .setState({ status: 'error', error: new Error('The server is down'), fetchStatus: 'idle' })
    const words = text(render('/staff/dashboard', [], client))
    expect(words).toContain('Could not load the dashboard')
    expect(words).toContain('Try again')
  })

  it('reads the period from the URL, so a reload or a shared link keeps it', () => {
    const html = render('/staff/dashboard?period=7d', [
      [{ period: '7d' }, { ...DASHBOARD, period: '7d', range: { from: '2026-11-22', to: '2026-11-28' } }],
    ])
    expect(html).toMatch(/checked="" value="7d"/)
    expect(text(html)).toContain('+12 % vs previous 7 days')

    const custom = render('/staff/dashboard?period=custom&from=2026-11-01&to=2026-11-14', [
      [
        { period: 'custom', from: '2026-11-01', to: '2026-11-14' },
        { ...DASHBOARD, period: 'custom', range: { from: '2026-11-01', to: '2026-11-14' } },
      ],
    ])
    expect(custom).toMatch(/checked="" value="custom"/)
    expect(custom).toContain('value="2026-11-01"')
    expect(text(custom)).toContain('vs previous 14 days')
  })

  it('explains a custom range in the URL that does not hold, beside its field', () => {
    const words = text(render('/staff/dashboard?period=custom&from=2026-11-14&to=2026-11-01'))
    expect(words).toContain('The last day must not be before the first.')
    expect(words).toContain('Choose a valid range to see its figures.')
    expect(text(render('/staff/dashboard?period=custom&from=2026-02-30'))).toContain(
      'From is not a real date.',
    )
  })
})

describe('the period in the URL', () => {
  it('keeps only what differs from the default, and reads it back', () => {
    expect(periodParams({ period: '30d' }).toString()).toBe('')
    expect(periodParams({ period: '12m' }).toString()).toBe('period=12m')
    const custom = periodParams({ period: 'custom', from: '2026-01-01', to: '2026-01-31' })
    expect(custom.toString()).toBe('period=custom&from=2026-01-01&to=2026-01-31')
    expect(readPeriod(custom)).toEqual({
      ok: true,
      query: { period: 'custom', from: '2026-01-01', to: '2026-01-31' },
    })
    expect(readPeriod(new URLSearchParams('period=nonsense'))).toEqual({ ok: true, query: { period: '30d' } })
    expect(readPeriod(new URLSearchParams('period=custom'))).toMatchObject({
      ok: false,
      errors: { from: 'Choose the first day of the range.', to: 'Choose the last day of the range.' },
    })
  })
})

describe('a chart’s CSV', () => {
  it('has a header row, plain amounts in the currency, and quotes what needs quoting', () => {
    expect(tableCsv(revenueTable(DASHBOARD, DASHBOARD.shop!))).toBe(
      'Day,Revenue (NGN),Orders\r\n2026-11-26,0.00,0\r\n2026-11-27,7500.00,5\r\n2026-11-28,4500.00,3\r\n',
    )
    expect(tableCsv(topProductsTable(DASHBOARD, DASHBOARD.shop!))).toBe(
      'Product,Revenue (NGN),Quantity\r\n"Design guide, 2nd ""deluxe"" edition",9000.00,6\r\n\'=Logo pack,3000.00,2\r\n',
    )
    expect(tableCsv(storageTable(DASHBOARD.storage!))).toBe(
      'Customer,Used (bytes),Quota (bytes)\r\nAda Obi,2147483648,10737418240\r\nBayo Ade,1073741824,10737418240\r\n',
    )
  })
})
