import { inboxAdminRoutes } from './inbox-admin.routes'
import { publicFormRoutes } from './public-forms.routes'
import { triageRoutes } from './triage.routes'

/** Every route of the inbox feature (product.md §4), for the route table. */
export const inboxRoutes = [...publicFormRoutes, ...triageRoutes, ...inboxAdminRoutes]
