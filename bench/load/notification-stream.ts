import http from 'node:http'
import type { Server } from './http-client'
import type { Recorder } from './recorder'

// A user's live notification stream (GET /api/notifications/stream, server-sent events), held open
// the whole run on a connection of its own as the web app's EventSource holds it. It counts the
// notifications it is sent; a stream that ends or fails before the run does is an error, and it opens
// again from the last event id, as a browser would.

export class NotificationStream {
  notifications = 0
  opened = 0
  private request: http.ClientRequest | undefined
  private stopped = false
  private lastEventId: string | undefined
  private ready: Promise<void> | undefined

  constructor(
    private readonly server: Server,
    private readonly headers: Record<string, string>,
    private readonly recorder: Recorder,
  ) {}

  /** Opens the stream; resolves once the server has sent `ready`. */
  open(): Promise<void> {
    this.ready = new Promise<void>((resolve, reject) => {
      const headers: Record<string, string> = { ...this.headers, Accept: 'text/event-stream' }
      if (this.lastEventId) headers['Last-Event-ID'] = this.lastEventId
      let ended = false
      const end = (error?: Error) => {
        if (ended) return
        ended = true
        // Before `ready`, the open itself failed (after it, rejecting changes nothing).
        reject(error ?? new Error('the stream ended before it said ready'))
        this.closed(error)
      }
      const req = http.request(
        {
          host: this.server.host,
          port: this.server.port,
          path: '/api/notifications/stream',
          headers,
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume()
            const error = new Error(`notification stream → ${res.statusCode}`)
            reject(error)
            end(error)
            return
          }
          this.opened++
          res.setEncoding('utf8')
          let buffer = ''
          res.on('data', (text: string) => {
            buffer += text
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end)
              buffer = buffer.slice(end + 2)
              const event = /^event: ?(.*)$/m.exec(block)?.[1]
              const id = /^id: ?(.*)$/m.exec(block)?.[1]
              if (id) this.lastEventId = id
              if (event === 'ready') resolve()
              if (event === 'notification') this.notifications++
            }
          })
          res.on('error', () => {})
          res.on('close', () => end())
        },
      )
      req.on('error', (error) => {
        reject(error)
        end(error)
      })
      req.end()
      this.request = req
    })
    return this.ready
  }

  private closed(error?: Error): void {
    if (this.stopped) return
    this.recorder.error('notification stream', error ?? new Error('the stream ended before the run did'))
    this.request = undefined
    setTimeout(() => {
      // A failed reopen has already been counted, and tries again, by its own end().
      if (!this.stopped) this.open().catch(() => {})
    }, 3_000)
  }

  close(): void {
    this.stopped = true
    this.request?.destroy()
  }
}
