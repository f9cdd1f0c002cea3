import http from 'node:http'
import { HOST, portOf, serveTarget } from '../lib/target-server'
import { JSON_BODY, JSON_HEADERS } from './json-response'

// The floor: node:http answering every request with the fixed JSON response, no routing at all.
const body = Buffer.from(JSON_BODY)
const headers = { ...JSON_HEADERS, 'Content-Length': String(body.byteLength) }

serveTarget(async () => {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers)
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve))
  return {
    port: portOf(server.address()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
})
