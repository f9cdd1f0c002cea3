import type { Logger } from 'pino'
import type { Database } from '../../db/connection'
import type { MailAttachmentRef } from './outbox'
import { claim, findDue, markFailed, markSent, type OutboxRow, reschedule } from './outbox.repository'
import { backoffAfter, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy'
import type { MailAttachment, MailMessage, MailTransport } from './transports/mail-transport'
import { describeError } from './transports/safe-error'

// Drains the outbox: claims due messages one at a time with a guarded update (so several instances
// on one PostgreSQL never send the same message twice on purpose), sends, records the outcome.
// Delivery is at least once: a process killed between the SMTP server's "250 OK" and markSent
// sends that message again when the claim expires. Nothing is ever lost.

export interface MailWorkerOptions {
  database: Pick<Database, 'db'>
  transport: MailTransport
  /** The display name messages are sent under, read when sending (the site identity's name). */
  senderName: () => Promise<string | null>
  logger: Logger
  clock: () => Date
  /**
   * Makes a message's attachments when it is sent (an invoice's PDF): the outbox stores references,
   * never the files. A message naming attachments without a maker is retried and then fails.
   */
  attachments?: AttachmentMaker
  /** Poll interval. 0: no polling and no initial drain; only kick() and drainOnce() send (tests). */
  pollMs: number
  /** How long a claim holds; a sender that dies mid-send frees its messages after this. */
  lockMs?: number
  retry?: RetryPolicy
  /** Due ids fetched per query. */
  batchSize?: number
}

export type AttachmentMaker = (ref: MailAttachmentRef) => Promise<MailAttachment>

export interface MailWorker {
  /** Stops polling and waits for sends in flight. */
  stop(): Promise<void>
  /** Sends everything due now; resolves to the number of messages delivered. Never rejects. */
  drainOnce(): Promise<number>
  /** Drain soon (e.g. after a transaction that enqueued mail commits) instead of at the next poll. */
  kick(): void
}

const DEFAULT_LOCK_MS = 5 * 60 * 1000

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { logger, pollMs } = options
  const sender: Sender = {
    db: options.database.db,
    transport: options.transport,
    senderName: options.senderName,
    logger,
    clock: options.clock,
    attachments: options.attachments,
    lockMs: options.lockMs ?? DEFAULT_LOCK_MS,
    retry: options.retry ?? DEFAULT_RETRY_POLICY,
    batchSize: options.batchSize ?? 20,
  }

  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let looping = false
  let kickedWhileLooping = false
  const inFlight = new Set<Promise<number>>()

  function drainOnce(): Promise<number> {
    const run = drain(sender, () => stopped).catch((error: unknown) => {
      // A database hiccup must not kill the worker: the rows stay and the next drain retries them.
      logger.error({ error: describeError(error) }, 'mail worker: drain failed')
      return 0
    })
    inFlight.add(run)
    void run.finally(() => inFlight.delete(run))
    return run
  }

  async function loop(): Promise<void> {
    timer = undefined
    if (stopped) return
    looping = true
    do {
      kickedWhileLooping = false
      await drainOnce()
    } while (kickedWhileLooping && !stopped)
    looping = false
    if (pollMs > 0) schedule(pollMs)
  }

  function schedule(delayMs: number): void {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(() => void loop(), delayMs)
    timer.unref() // never keeps the process alive on its own
  }

  if (pollMs > 0) schedule(0)

  return {
    drainOnce,
    kick() {
      if (stopped) return
      if (looping) kickedWhileLooping = true
      else schedule(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await Promise.allSettled([...inFlight])
    },
  }
}

/** What sending needs: the worker's options with their defaults filled in. */
interface Sender {
  db: MailWorkerOptions['database']['db']
  transport: MailTransport
  senderName: () => Promise<string | null>
  logger: Logger
  clock: () => Date
  attachments: AttachmentMaker | undefined
  lockMs: number
  retry: RetryPolicy
  batchSize: number
}

/**
 * Claims and sends due messages, batch after batch, until a batch gives this sender nothing to claim
 * or the worker stops; resolves to the number of messages delivered.
 */
async function drain(sender: Sender, stopped: () => boolean): Promise<number> {
  const { db, clock, lockMs, batchSize } = sender
  let delivered = 0
  while (!stopped()) {
    const due = await findDue(db, clock().toISOString(), batchSize)
    let claimedAny = false
    for (const id of due) {
      if (stopped()) break
      const now = clock()
      const row = await claim(db, id, now.toISOString(), new Date(now.getTime() + lockMs).toISOString())
      if (!row) continue // another sender took it
      claimedAny = true
      if (await deliver(sender, row)) delivered++
    }
    // Nothing due, or everything due went to other senders: done for now. (Failed rows are
    // rescheduled into the future, so this ends.)
    if (!claimedAny) break
  }
  return delivered
}

/** Sends one claimed message and records the outcome: sent, retried later, or failed for good. */
async function deliver(sender: Sender, row: OutboxRow): Promise<boolean> {
  const { db, clock, retry } = sender
  const log = sender.logger.child({ mailId: row.id, template: row.template, attempts: row.attempts })
  if (row.attempts > retry.maxAttempts) {
    // Only a row whose sender died mid-send after the last attempt gets here.
    await markFailed(db, row, 'gave up: the sender stopped during the last attempt', retry.maxAttempts)
    log.warn('e-mail failed: no attempts left')
    return false
  }
  try {
    const attachments = await attachmentsOf(sender, row)
    await sender.transport.send({ ...toMessage(row, await senderName(sender, log)), ...attachments })
  } catch (error) {
    const reason = describeError(error)
    if (row.attempts >= retry.maxAttempts) {
      await markFailed(db, row, reason, row.attempts)
      log.warn({ error: reason }, 'e-mail failed: no attempts left')
    } else {
      const next = new Date(clock().getTime() + backoffAfter(retry, row.attempts)).toISOString()
      await reschedule(db, row, next, reason)
      log.info({ error: reason, nextAttemptAt: next }, 'e-mail not sent; will retry')
    }
    return false
  }
  if (!(await markSent(db, row, clock().toISOString()))) {
    log.warn('e-mail sent after its claim expired: another sender may send it again')
  }
  log.debug('e-mail sent')
  return true
}

/** The business's name for From:, or MAIL_FROM's own name when it cannot be read now. */
async function senderName(sender: Sender, log: Logger): Promise<string | null> {
  try {
    return await sender.senderName()
  } catch (error) {
    log.warn(
      { error: describeError(error) },
      'e-mail sent under MAIL_FROM: the business name could not be read',
    )
    return null
  }
}

/** The message's attachments, made now; a failure to make one fails this attempt (it is retried). */
async function attachmentsOf(sender: Sender, row: OutboxRow): Promise<{ attachments?: MailAttachment[] }> {
  const refs = JSON.parse(row.attachments ?? '[]') as MailAttachmentRef[]
  if (refs.length === 0) return {}
  const make = sender.attachments
  if (!make) throw new Error('this message has attachments and nothing here can make them')
  const attachments: MailAttachment[] = []
  for (const ref of refs) attachments.push(await make(ref))
  return { attachments }
}

function toMessage(row: OutboxRow, fromName: string | null): MailMessage {
  return {
    id: row.id,
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers: JSON.parse(row.headers) as Record<string, string>,
    fromName,
  }
}
