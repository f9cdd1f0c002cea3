import type { Hono } from 'hono'
import type { AppEnv } from '../../deps'
import type { RouteAccess } from '../../policies/route-access'

/**
 * A protocol that is not our JSON API (WebDAV's own methods and XML bodies), mounted beside the route
 * table: it cannot be described by defineRoute or OpenAPI, and the route table's walkers (access,
 * errors, bodiless writes, the OpenAPI document) test JSON routes. It still declares who may call it,
 * listed in routes.ts next to the route table.
 */
export interface ProtocolMount {
  /** Hono path pattern of what it answers. */
  path: string
  summary: string
  access: RouteAccess
  /** How a caller proves who they are there. */
  credentials: string
  /** Anything it answers outside `path`, as `METHOD /path` (a probe at the server's root). */
  alsoAnswers?: readonly string[]
  mount(app: Hono<AppEnv>): void
}
