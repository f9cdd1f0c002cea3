import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'

/**
 * True when the client is still sending the request body as we answer: a refusal before reading it
 * (413, 415, CSRF, access) or a handler that ignored it. Such an answer must close the connection
 * (`Connection: close`): otherwise the client, told the connection stays open, may stop sending and
 * reuse it while the server still waits for the rest of the body or gives up and drops it, and the
 * pooled client's next request fails. A body that has fully arrived is drained by the server, so
 * the connection stays usable. Requests not served from a Node socket (tests' app.request) answer false.
 */
export function bodyStillArriving(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return Boolean(incoming && typeof incoming.complete === 'boolean' && !incoming.complete)
}
