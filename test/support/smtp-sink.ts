import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { type ParsedMail, parseMime } from './parse-mime'

/** A message the sink accepted: the SMTP envelope and the parsed message. */
export interface ReceivedMail extends ParsedMail {
  envelope: { from: string; to: string[] }
  raw: string
}

export interface SmtpSinkOptions {
  /**
   * Also write each accepted message, as received (RFC 5322), to `<n>-<time>.eml` in this folder, for
   * readers in other processes (the browser tests). Written under a temporary name and renamed, so a
   * reader never sees half a message.
   */
  saveTo?: string
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
  readonly #saveTo: string | undefined

  constructor(options: SmtpSinkOptions = {}) {
    this.#saveTo = options.saveTo
    if (this.#saveTo) fs.mkdirSync(this.#saveTo, { recursive: true })
  }

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
          if (this.#saveTo) this.#save(raw)
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

  #save(raw: string): void {
    const name = `${String(this.received.length).padStart(5, '0')}-${Date.now()}.eml`
    const temporary = path.join(this.#saveTo!, `.${name}.tmp`)
    fs.writeFileSync(temporary, raw)
    fs.renameSync(temporary, path.join(this.#saveTo!, name))
  }

  async stop(): Promise<void> {
    const server = this.#server
    this.#server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
