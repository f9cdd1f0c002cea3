import type { Context } from 'hono'
import type { AppEnv } from '../../deps'
import { clientAddress } from '../../lib/http/client-address'
import type { ClientInfo } from './sessions/sessions.service'

/** Where a request comes from, for throttling, the session list and the audit log. */
export function clientInfo(c: Context<AppEnv>): ClientInfo {
  return { ipAddress: clientAddress(c, c.var.deps.env.trustProxy), userAgent: c.req.header('user-agent') }
}
