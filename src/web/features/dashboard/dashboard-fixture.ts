import type { Dashboard } from '../../../shared/contract/dashboard'

// A dashboard answer for the render tests: every part filled, over three days.

const kpi = (current: number, previous: number) => ({ current, previous })

export const DASHBOARD: Dashboard = {
  timeZone: 'Africa/Lagos',
  currency: 'NGN',
  period: '30d',
  range: { from: '2026-10-30', to: '2026-11-28' },
  previousRange: { from: '2026-09-30', to: '2026-10-29' },
  bucket: 'day',
  shop: {
    kpis: {
      revenueNet: kpi(1_120_000, 1_000_000),
      paidOrders: kpi(8, 10),
      averageOrderValue: kpi(150_000, 100_000),
      newCustomers: kpi(3, 0),
      refunds: kpi(80_000, 0),
      discounts: kpi(5_000, 5_000),
      checkoutsStarted: kpi(12, 15),
      checkoutsPaid: kpi(8, 10),
    },
    revenueSeries: [
      { bucket: '2026-11-26', revenue: 0, orders: 0 },
      { bucket: '2026-11-27', revenue: 750_000, orders: 5 },
      { bucket: '2026-11-28', revenue: 450_000, orders: 3 },
    ],
    topProducts: [
      { productId: 'p1', name: 'Design guide, 2nd "deluxe" edition', revenue: 900_000, quantity: 6 },
      { productId: 'p2', name: '=Logo pack', revenue: 300_000, quantity: 2 },
    ],
    ordersByStatus: [
      { status: 'paid', count: 8 },
      { status: 'pending', count: 3 },
      { status: 'refunded', count: 1 },
    ],
  },
  inbox: {
    perDay: [
      { bucket: '2026-11-27', quotes: 2, contacts: 1 },
      { bucket: '2026-11-28', quotes: 0, contacts: 4 },
    ],
    pending: { quotes: 2, contacts: 5 },
    medianFirstReplySeconds: 3 * 3600 + 20 * 60,
  },
  storage: {
    usedBytes: 3 * 1024 ** 3,
    quotaBytes: 20 * 1024 ** 3,
    topCustomers: [
      { userId: 'u1', name: 'Ada Obi', usedBytes: 2 * 1024 ** 3, quotaBytes: 10 * 1024 ** 3 },
      { userId: 'u2', name: 'Bayo Ade', usedBytes: 1024 ** 3, quotaBytes: 10 * 1024 ** 3 },
    ],
    uploadsPerBucket: [
      { bucket: '2026-11-27', uploads: 4, bytes: 5 * 1024 ** 2 },
      { bucket: '2026-11-28', uploads: 1, bytes: 1024 ** 2 },
    ],
  },
}
