import { dashboardQuerySchema, dashboardSchema } from '../../../shared/contract/dashboard'
import { defineRoute } from '../../lib/http/route'
import type { RouteAccess } from '../../policies/route-access'
import { getDashboard } from './dashboard.service'

// The dashboard: how the business is doing over a period. Each part is for the staff it concerns
// (policies/dashboard.policy.ts); parts the caller may not see are null.

const DASHBOARD_STAFF: RouteAccess = { staff: ['AccessShop', 'ManageFeedback', 'ManageFolders'] }

export const dashboardRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/dashboard',
    summary: "The business's figures over a period, compared with the period before, in its time zone",
    tags: ['dashboard'],
    access: DASHBOARD_STAFF,
    request: { query: dashboardQuerySchema },
    responses: {
      200: { description: 'The parts the caller may see; the others null', schema: dashboardSchema },
      422: { description: 'The period or its days are wrong' },
    },
    handler: (c, { query }) => getDashboard(c.var.deps, c.var.caller, query),
  }),
]
