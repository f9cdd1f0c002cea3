import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { HOST, portOf, serveTarget } from '../lib/target-server'
import { JSON_HEADERS } from './json-response'

// Hono on @hono/node-server with none of Depot's middleware: one route answering c.json() with the
// same fixed headers, so the gap to node:http is Hono's and the gap to the Depot app is ours.
const headers = Object.fromEntries(Object.entries(JSON_HEADERS).filter(([name]) => name !== 'Content-Type'))

serveTarget(async () => {
  const app = new Hono()
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, headers))
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: HOST }, () => resolve(s))
  })
  return {
    port: portOf(server.address()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
})
