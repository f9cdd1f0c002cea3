import { ImapFlow } from 'imapflow'
import type { Logger } from 'pino'
import type { AppDeps } from '../../../deps'
import type { JobLeases } from '../../../lib/jobs/job-leases'
import { describeError, mailDomain, mailSender } from '../../mail'
import { mailboxState, saveMailboxHealth, saveMailboxPlace } from './inbound.repository'
import { storeInbound } from './inbound-store.service'
import { type HoldReason, type ReadingRules, readMail } from './mail-reading'

// Reads the business's mailbox (INBOUND_IMAP_URL, decision 0128). One instance at a time holds the
// `inbound-mail` job lease and keeps it while connected; the others wait their turn and take over
// when the holder stops renewing. New messages (UID above the last one finished, per UIDVALIDITY) are
// read one by one, stored idempotently (inbound-store.service), then flagged \Seen or moved to the
// processed folder, and only then is the UID remembered: a crash anywhere repeats work, never stores
// twice. With IMAP IDLE the server says when mail arrives; without it the reader looks every
// INBOUND_POLL_SECONDS. When the mailbox cannot be reached, the error is kept for the inbox settings
// page and the reader retries with back-off (1 s doubling to 5 minutes); nothing is lost meanwhile.

export const INBOUND_LEASE = 'inbound-mail'

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage'>

export interface InboundReaderOptions {
  leases: JobLeases
  logger: Logger
  /** How long the lease holds without renewal (another instance takes over after it). */
  leaseMs?: number
  backoff?: { firstMs: number; maxMs: number }
}

export interface InboundReader {
  /** Stops reading: logs out, gives the lease back. */
  stop(): Promise<void>
}

const MAX_ATTACHMENTS = 20

export function startInboundReader(deps: Deps, options: InboundReaderOptions): InboundReader {
  const imap = deps.env.inbound.imap
  if (!imap) throw new Error('INBOUND_IMAP_URL is not set')
  const leaseMs = options.leaseMs ?? 60_000
  const backoff = options.backoff ?? { firstMs: 1000, maxMs: 5 * 60_000 }
  const log = options.logger.child({ component: 'inbound-mail', mailbox: imap.mailbox })
  let stopped = false
  let wake: () => void = () => {}
  let client: ImapFlow | undefined
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      timer.unref()
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  async function session(): Promise<void> {
    client = new ImapFlow({
      host: imap!.host,
      port: imap!.port,
      secure: imap!.secure,
      auth: { user: imap!.user, pass: imap!.password },
      logger: false,
    })
    client.on('error', (error: unknown) =>
      log.warn({ error: describeError(error) }, 'mailbox connection error'),
    )
    client.on('exists', () => wake())
    client.on('close', () => wake())
    await client.connect()
    const idle = client.capabilities.has('IDLE')
    await readNew(deps, client, log)
    await saveMailboxHealth(deps.database.db, imap!.mailbox, { error: null, at: deps.clock().toISOString() })
    while (!stopped && client.usable) {
      // IDLE at once, rather than after imapflow's 15 s of quiet: mail that lands meanwhile is told
      // as it lands. The next command (the next read) ends it. An IDLE that fails has lost the
      // connection, whose 'close' wakes this loop, which then reports it and reconnects.
      if (idle) void client.idle({ whenFree: true }).catch(() => {})
      await sleep(Math.min(idle ? leaseMs / 3 : deps.env.inbound.pollMs, leaseMs / 3))
      if (stopped || !client.usable) break
      if (!(await options.leases.acquire(INBOUND_LEASE, leaseMs))) return
      await readNew(deps, client, log)
    }
    if (!stopped) throw new Error('the mailbox closed the connection')
  }

  async function loop(): Promise<void> {
    let failures = 0
    while (!stopped) {
      if (!(await options.leases.acquire(INBOUND_LEASE, leaseMs).catch(() => false))) {
        await sleep(leaseMs / 2)
        continue
      }
      try {
        await session()
        failures = 0
      } catch (error) {
        failures++
        const reason = describeError(error)
        log.warn({ error: reason, failures }, 'mailbox unreachable; will retry')
        await saveMailboxHealth(deps.database.db, imap!.mailbox, {
          error: reason,
          at: deps.clock().toISOString(),
        }).catch(() => {})
        await options.leases.release(INBOUND_LEASE).catch(() => {})
      } finally {
        await client?.logout().catch(() => {})
        client?.close()
        client = undefined
      }
      if (!stopped && failures > 0)
        await sleep(Math.min(backoff.maxMs, backoff.firstMs * 2 ** (failures - 1)))
    }
  }

  const running = loop()
  return {
    async stop() {
      stopped = true
      wake()
      client?.close()
      await running.catch(() => {})
      await options.leases.release(INBOUND_LEASE).catch(() => {})
    },
  }
}

function readingRules(deps: Deps): ReadingRules {
  const own = [mailSender(deps.env.mail.from, null).address.toLowerCase()]
  const reply = deps.env.inbound.replyAddress
  if (reply) own.push(reply.toLowerCase())
  return {
    ownAddresses: own,
    ownDomain: mailDomain(deps.env.mail.from),
    maxAttachmentBytes: deps.env.inbound.maxMessageBytes,
    maxAttachments: MAX_ATTACHMENTS,
  }
}

/** Reads, stores and marks every message above the last UID finished. */
async function readNew(deps: Deps, client: ImapFlow, log: Logger): Promise<void> {
  const { mailbox } = deps.env.inbound.imap!
  const db = deps.database.db
  const opened = await client.mailboxOpen(mailbox)
  const validity = String(opened.uidValidity)
  const state = await mailboxState(db, mailbox)
  // A new UIDVALIDITY renumbers the mailbox: read it all again (the ledger keeps what was stored).
  let last = state?.uid_validity === validity ? Number(state.last_uid) : 0
  if (opened.exists === 0) return
  const pending: { uid: number; size: number }[] = []
  for await (const m of client.fetch(`${last + 1}:*`, { uid: true, size: true }, { uid: true })) {
    if (m.uid > last) pending.push({ uid: m.uid, size: m.size ?? 0 })
  }
  const rules = readingRules(deps)
  for (const { uid, size } of pending.sort((a, b) => a.uid - b.uid)) {
    const outcome = await readOne(deps, client, { uid, size }, rules).catch(async (error: unknown) => {
      // A message that breaks storing is kept as a held entry with what the headers say, so it
      // never stops the reader; when even that fails (the database is down), the error stops this
      // round and the message is read again on the next.
      log.warn({ uid, error: describeError(error) }, 'inbound message could not be stored whole')
      const mail = await readMail(Buffer.alloc(0), rules, 'malformed')
      mail.messageId = `<uid-${uid}-${String(opened.uidValidity)}@unreadable.invalid>`
      return storeInbound(deps, mail, { mailbox, uid })
    })
    log.info({ uid, outcome }, 'inbound message read')
    await markProcessed(deps, client, uid)
    last = uid
    await saveMailboxPlace(db, mailbox, validity, last)
  }
}

async function readOne(
  deps: Deps,
  client: ImapFlow,
  message: { uid: number; size: number },
  rules: ReadingRules,
) {
  const { mailbox } = deps.env.inbound.imap!
  const oversized = message.size > deps.env.inbound.maxMessageBytes
  const fetched = await client.fetchOne(
    String(message.uid),
    oversized ? { uid: true, headers: true } : { uid: true, source: true },
    { uid: true },
  )
  const raw = fetched ? (oversized ? fetched.headers : fetched.source) : undefined
  const hold: HoldReason | undefined = oversized ? 'oversized' : undefined
  const mail = await readMail(raw ?? Buffer.alloc(0), rules, hold ?? (raw ? undefined : 'malformed'))
  if (oversized) {
    mail.visible = `[This message was ${Math.round(message.size / 1024 ** 2)} MB, over the ${Math.round(
      deps.env.inbound.maxMessageBytes / 1024 ** 2,
    )} MB limit: only its headers were read. Find it in the mailbox.]`
  }
  return storeInbound(deps, mail, { mailbox, uid: message.uid })
}

async function markProcessed(deps: Deps, client: ImapFlow, uid: number): Promise<void> {
  const folder = deps.env.inbound.processedFolder
  if (folder) await client.messageMove(String(uid), folder, { uid: true })
  else await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true })
}
