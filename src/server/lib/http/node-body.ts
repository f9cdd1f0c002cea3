import type { ServerResponse } from 'node:http'
import { pipeline, Readable } from 'node:stream'
import type { Context } from 'hono'
import { FileRangeStream } from '../storage'

// Large bodies (stored files) written straight to Node's response instead of through a web
// ReadableStream (docs/decisions/0095). The handler answers with a body-less Response that carries
// every header (Content-Length included) and a marker; the middlewares see and amend it as usual
// (request id, security headers, Connection, the request log). Once the whole app has answered,
// `withNodeBodies` writes the final status and headers to the Node response and pipes the file into
// it, so each chunk goes from the read stream to the socket with Node's own backpressure (a file on
// disk: FileRangeStream.pumpTo, the same backpressure through two reused buffers). Without a
// Node response (the test client's app.request) the body falls back to a web stream.

const MARKER = 'x-depot-node-body'
const ALREADY_SENT_HEADER = 'x-hono-already-sent'

const pending = new WeakMap<ServerResponse, Readable>()

function nodeResponseOf(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing
  return outgoing && typeof (outgoing as ServerResponse).writeHead === 'function'
    ? (outgoing as ServerResponse)
    : undefined
}

/** A response whose body is `body`, written to the socket after every middleware ran. */
export function nodeBodyResponse(
  c: Context,
  body: Readable,
  init: { status: number; headers: Record<string, string> },
): Response {
  const outgoing = nodeResponseOf(c)
  if (!outgoing) {
    const web = Readable.toWeb(body) as ReadableStream<Uint8Array>
    return new Response(web, init)
  }
  pending.get(outgoing)?.destroy()
  pending.set(outgoing, body)
  return new Response(null, { status: init.status, headers: { ...init.headers, [MARKER]: '1' } })
}

/**
 * The adapter's "already answered" Response, with the status and headers that were sent (for whoever
 * wraps this fetch and looks at the answer). It must be the runtime's own Response class: the adapter
 * replaces the global with a lighter one whose instances it always writes out itself.
 */
function alreadySent(sent: Response): Response {
  const Global = globalThis.Response
  const parent = Object.getPrototypeOf(Global) as typeof Response | null
  const Native = parent && parent !== Function.prototype && 'prototype' in parent ? parent : Global
  const headers = new Headers(sent.headers)
  headers.delete(MARKER)
  headers.set(ALREADY_SENT_HEADER, 'true')
  return new Native(null, { status: sent.status, headers })
}

function nodeHeaders(headers: Headers): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of headers) {
    if (name === MARKER || name === 'set-cookie') continue
    out[name] = value
  }
  const cookies = headers.getSetCookie()
  if (cookies.length > 0) out['set-cookie'] = cookies
  return out
}

// biome-ignore lint/suspicious/noExplicitAny: the adapter's env and execution context pass through untouched
type Fetch = (request: Request, env?: any, ctx?: any) => Response | Promise<Response>

/** Wraps the app's fetch so a response made by `nodeBodyResponse` gets its body from Node. */
export function withNodeBodies<F extends Fetch>(fetch: F): F {
  const wrapped: Fetch = async (request, env, ctx) => {
    const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing
    let res: Response
    try {
      res = await fetch(request, env, ctx)
    } catch (error) {
      if (outgoing) takeBody(outgoing)?.destroy()
      throw error
    }
    const body = outgoing ? takeBody(outgoing) : undefined
    if (!body || !outgoing) return res
    // Answered with something else after all (an error after the handler): drop the file.
    if (!res.headers.has(MARKER) || outgoing.headersSent) {
      body.destroy()
      return res
    }
    outgoing.writeHead(res.status, nodeHeaders(res.headers))
    if (request.method === 'HEAD') {
      body.destroy()
      outgoing.end()
    } else {
      // On a failure either side is destroyed: a cut download shows as a short body, as it must. A
      // stored file on disk is written through two reused buffers instead of a pipe (the faster way).
      if (body instanceof FileRangeStream) void body.pumpTo(outgoing)
      else pipeline(body, outgoing, () => {})
    }
    return alreadySent(res)
  }
  return wrapped as unknown as F
}

function takeBody(outgoing: ServerResponse): Readable | undefined {
  const body = pending.get(outgoing)
  if (body) pending.delete(outgoing)
  return body
}
