import { z } from 'zod'

// The dashboard (GET /api/dashboard): how the business is doing over a period, compared with the period
// just before it. Days are the business's days: every bucket is a calendar day (or hour, week, month) in
// the site identity's IANA time zone. Money is in integer minor units of `currency`.
//
// Each part is present only for those who may see it: `shop` for admins and staff with AccessShop,
// `inbox` for admins and staff with ManageFeedback, `storage` for admins and staff with ManageFolders;
// a part the caller may not see is null.

export const DASHBOARD_PERIODS = ['today', '7d', '30d', '12m', 'custom'] as const
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]

/** The longest custom range, in days (two years and a leap day). */
export const DASHBOARD_MAX_DAYS = 731

/** How a period is cut for its charts: today by hour, up to 31 days by day, up to 26 weeks by week, else by month. */
export const DASHBOARD_BUCKETS = ['hour', 'day', 'week', 'month'] as const
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number]

const calendarDay = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-03-29.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date like 2026-03-29.` })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: `${label} is not a real date.`,
      },
    )

/** The query: a named period, or `custom` with `from` and `to` (both days included, in the business's zone). */
export const dashboardQuerySchema = z
  .object({
    period: z.enum(DASHBOARD_PERIODS, { error: 'Choose today, 7d, 30d, 12m or custom.' }).default('30d'),
    from: calendarDay('From').optional(),
    to: calendarDay('To').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return
    if (!q.from)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the first day of the range.' })
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the last day of the range.' })
    if (!q.from || !q.to) return
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first.' })
    else if (days > DASHBOARD_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Choose a range of at most ${DASHBOARD_MAX_DAYS} days.`,
      })
  })
export type DashboardQuery = z.input<typeof dashboardQuerySchema>

/** A span of the business's calendar: the first and last day, both included. */
const daySpanSchema = z.object({ from: z.string(), to: z.string() })

/** A figure for the period and the same figure for the period before it. */
const comparedSchema = z.object({ current: z.number(), previous: z.number() })
export type Compared = z.infer<typeof comparedSchema>

/**
 * One point of a series. `bucket` is where the bucket starts in the business's time zone:
 * `2026-03-29T02:00` for an hour, `2026-03-29` for a day or for the Monday a week starts on,
 * `2026-03` for a month. Every bucket of the range is present, empty ones with zeros.
 */
const bucketKey = z.string()

export const dashboardShopSchema = z.object({
  kpis: z.object({
    /** What paid orders brought in, minus what was refunded in the period. */
    revenueNet: comparedSchema,
    paidOrders: comparedSchema,
    /** Revenue (before refunds) over paid orders; 0 when there were none. */
    averageOrderValue: comparedSchema,
    /** Customers whose first paid order falls in the period. */
    newCustomers: comparedSchema,
    /** The money refunded in the period. */
    refunds: comparedSchema,
    /** The money taken off by discount codes on orders paid in the period. */
    discounts: comparedSchema,
    /** Orders created (checkouts started) in the period, and how many of those are paid. */
    checkoutsStarted: comparedSchema,
    checkoutsPaid: comparedSchema,
  }),
  revenueSeries: z.array(z.object({ bucket: bucketKey, revenue: z.number(), orders: z.number() })),
  /** The ten products that brought in most in the period (line totals after discounts), most first. */
  topProducts: z.array(
    z.object({ productId: z.string(), name: z.string(), revenue: z.number(), quantity: z.number() }),
  ),
  /** Orders created in the period, by their status now. Every status is listed, zeros included. */
  ordersByStatus: z.array(z.object({ status: z.string(), count: z.number() })),
})
export type DashboardShop = z.infer<typeof dashboardShopSchema>

export const dashboardInboxSchema = z.object({
  perDay: z.array(z.object({ bucket: bucketKey, quotes: z.number(), contacts: z.number() })),
  /** Entries pending now, whatever the period. */
  pending: z.object({ quotes: z.number(), contacts: z.number() }),
  /** Median time from an entry's arrival to its first staff reply, over entries that arrived in the period
   * and were answered; null when none were. */
  medianFirstReplySeconds: z.number().nullable(),
})
export type DashboardInbox = z.infer<typeof dashboardInboxSchema>

export const dashboardStorageSchema = z.object({
  /** Bytes customers hold now, and the sum of their quotas. */
  usedBytes: z.number(),
  quotaBytes: z.number(),
  /** The ten customers using the most, most first. */
  topCustomers: z.array(
    z.object({ userId: z.string(), name: z.string(), usedBytes: z.number(), quotaBytes: z.number() }),
  ),
  uploadsPerBucket: z.array(z.object({ bucket: bucketKey, uploads: z.number(), bytes: z.number() })),
})
export type DashboardStorage = z.infer<typeof dashboardStorageSchema>

export const dashboardSchema = z
  .object({
    /** The business's IANA time zone, in which every day and bucket is counted. */
    timeZone: z.string(),
    currency: z.string(),
    period: z.enum(DASHBOARD_PERIODS),
    range: daySpanSchema,
    /** The span of the same length just before `range`. */
    previousRange: daySpanSchema,
    bucket: z.enum(DASHBOARD_BUCKETS),
    shop: dashboardShopSchema.nullable(),
    inbox: dashboardInboxSchema.nullable(),
    storage: dashboardStorageSchema.nullable(),
  })
  .meta({ id: 'Dashboard' })
export type Dashboard = z.infer<typeof dashboardSchema>
