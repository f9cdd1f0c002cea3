import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { TestApp } from '../support/test-app'

/** The test app on a real loopback socket (as main.ts serves it), for clients that speak HTTP. */
export async function listen(t: TestApp): Promise<{ origin: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
          }),
      })
    })
  })
}
