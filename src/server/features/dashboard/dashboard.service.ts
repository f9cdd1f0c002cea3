import type { z } from 'zod'
import type { Dashboard, DashboardShop, dashboardQuerySchema } from '../../../shared/contract/dashboard'
import type { Db } from '../../db/db'
import type { AppDeps } from '../../deps'
import type { Caller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { canSeeDashboard, dashboardParts } from '../../policies/dashboard.policy'
import { readSiteIdentity } from '../site/site-identity.service'
import { type DashboardCalendar, dashboardCalendar, isKnownTimeZone } from './bucket-calendar'
import { withoutJit } from './bucket-values.repository'
import { arrivalsPerBucket, medianFirstReplySeconds, pendingEntries } from './dashboard-inbox.repository'
import { ordersByStatus, revenueSeries, salesFigures, topProducts } from './dashboard-shop.repository'
import { customerStorage, uploadsPerBucket } from './dashboard-storage.repository'

// GET /api/dashboard (src/shared/contract/dashboard.ts): the period in the business's calendar, then
// each part the caller may see, its figures computed by the database (docs/decisions/0131). The parts'
// queries run one after another in one read-only transaction: one snapshot for every figure, one
// connection of a PostgreSQL pool shared with every other request, and on SQLite the read-only
// transaction's own thread (decision 0107), so the aggregates never hold the event loop.

export type Deps = Pick<AppDeps, 'database' | 'env' | 'clock'>
type Query = z.output<typeof dashboardQuerySchema>

const averageOf = (revenue: number, orders: number) => (orders === 0 ? 0 : Math.round(revenue / orders))

async function shopPart(db: Db, calendar: DashboardCalendar): Promise<DashboardShop> {
  const now = await salesFigures(db, calendar.current)
  const before = await salesFigures(db, calendar.previous)
  const compare = (pick: (f: typeof now) => number) => ({ current: pick(now), previous: pick(before) })
  return {
    kpis: {
      revenueNet: compare((f) => f.revenue - f.refunds),
      paidOrders: compare((f) => f.paidOrders),
      averageOrderValue: compare((f) => averageOf(f.revenue, f.paidOrders)),
      newCustomers: compare((f) => f.newCustomers),
      refunds: compare((f) => f.refunds),
      discounts: compare((f) => f.discounts),
      checkoutsStarted: compare((f) => f.checkoutsStarted),
      checkoutsPaid: compare((f) => f.checkoutsPaid),
    },
    revenueSeries: await revenueSeries(db, calendar.buckets),
    topProducts: await topProducts(db, calendar.current),
    ordersByStatus: await ordersByStatus(db, calendar.current),
  }
}

async function inboxPart(db: Db, calendar: DashboardCalendar) {
  return {
    perDay: await arrivalsPerBucket(db, calendar.buckets),
    pending: await pendingEntries(db),
    medianFirstReplySeconds: await medianFirstReplySeconds(db, calendar.current),
  }
}

async function storagePart(deps: Deps, db: Db, calendar: DashboardCalendar) {
  const quota = deps.env.uploads.userQuotaBytes ?? 0
  const storage = await customerStorage(db)
  return {
    usedBytes: storage.usedBytes,
    quotaBytes: storage.customers * quota,
    topCustomers: storage.top.map((c) => ({ ...c, quotaBytes: quota })),
    uploadsPerBucket: await uploadsPerBucket(db, calendar.buckets),
  }
}

export async function getDashboard(deps: Deps, actor: Caller, query: Query): Promise<Dashboard> {
  if (!canSeeDashboard(actor)) throw problems.forbidden()
  const parts = dashboardParts(actor)
  const db = deps.database.db
  const site = await readSiteIdentity(db, deps.env)
  const timeZone = isKnownTimeZone(site.timeZone) ? site.timeZone : 'UTC'
  const calendar = dashboardCalendar(query, deps.clock(), timeZone)
  const figures = await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await withoutJit(trx)
      return {
        shop: parts.shop ? await shopPart(trx, calendar) : null,
        inbox: parts.inbox ? await inboxPart(trx, calendar) : null,
        storage: parts.storage ? await storagePart(deps, trx, calendar) : null,
      }
    })
  return {
    timeZone,
    currency: deps.env.shopCurrency,
    period: calendar.period,
    range: calendar.range,
    previousRange: calendar.previousRange,
    bucket: calendar.bucket,
    ...figures,
  }
}
