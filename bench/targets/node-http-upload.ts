import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { HOST, portOf, serveTarget } from '../lib/target-server'

// The upload floor for the file-transfer bench: node:http writing any request's body to a file with
// `req.pipe(fs.createWriteStream(...))` (Node's defaults: 16 KiB write queue, no fsync, no hash) and
// answering 204 once the file stream has finished. The file is removed after the answer, outside the
// timed part. Its own temp folder, removed when the process exits.

serveTarget(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-node-upload-'))
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
  let next = 0
  const server = http.createServer((req, res) => {
    const file = path.join(dir, `upload-${next++}.bin`)
    const sink = fs.createWriteStream(file)
    const fail = () => {
      res.writeHead(500).end()
      fs.rm(file, { force: true }, () => {})
    }
    req.on('error', fail)
    sink.on('error', fail)
    sink.on('finish', () => {
      res.writeHead(204).end()
      res.on('finish', () => fs.rm(file, { force: true }, () => {}))
    })
    req.pipe(sink)
  })
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve))
  return {
    port: portOf(server.address()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
})
