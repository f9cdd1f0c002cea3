import pkg from '../../package.json' with { type: 'json' }
import { apiDocsRoutes } from './features/api-docs/api-docs.routes'
import { systemRoutes } from './features/system/system.routes'
import type { AnyRoute } from './lib/http/route'

/**
 * The route table: every route of the server, in one list. Features export their routes; this file
 * only collects them. The OpenAPI document and the route × actor test are derived from it.
 */
export function buildRouteTable(): AnyRoute[] {
  const table: AnyRoute[] = [...systemRoutes]
  table.push(...apiDocsRoutes(() => table, pkg.version))
  return table
}
