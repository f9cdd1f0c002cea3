import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { type ParsedMail, parseMime } from './parse-mime'

/** A message the sink accepted: the SMTP envelope and the parsed message. */
export interface ReceivedMail extends ParsedMail {
  envelope: { from: string; to: string[] }
  raw: string
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. stop() and start() again on the same
 * port simulate an outage; `reject` makes it answer DATA with a temporary failure. Clients that
 * log in must use `SmtpSink.user` / `SmtpSink.password`; clients that do not may send anyway.
 */
export class SmtpSink {
  static readonly user = 'depot'
  static readonly password = 'right-password'
  readonly received: ReceivedMail[] = []
  port = 0
  reject: string | undefined
  #server: SMTPServer | undefined

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === SmtpSink.user && auth.password === SmtpSink.password) {
          callback(null, { user: auth.username })
        } else callback(new Error('Invalid username or password'))
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          if (this.reject) {
            const error = Object.assign(new Error(this.reject), { responseCode: 451 })
            callback(error)
            return
          }
          const raw = Buffer.concat(chunks).toString('utf8')
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          }
          this.received.push({ ...parseMime(raw), envelope, raw })
          callback()
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.server.address() as AddressInfo).port
    this.#server = server
  }

  async stop(): Promise<void> {
    const server = this.#server
    this.#server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
