import {
  KIND_OF_TYPE,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '../../../shared/contract/notifications'
import { formatNotificationSentence } from '../../../shared/notification-sentence'
import type { AppDeps } from '../../deps'
import { type DigestGroup, enqueueMail, notificationDigest } from '../mail'
import { brandOf } from '../site/brand'
import { countDigestEntries, listDigestEntries } from './notification-digest.repository'
import { advanceDigest, listDigestSubscribers } from './notification-settings.repository'
import { emailedTypes } from './notification-settings.service'
import { presentNotification } from './notifications.presenter'
import { latestId } from './notifications.repository'
import { recipientById } from './notifications.service'

// The e-mail digest of notifications (product.md §8, docs/decisions/0143). A job (jobs.ts) runs every
// few minutes; for each person who wants some kind by e-mail and whose last digest is older than their
// gap (hourly: NOTIFICATION_DIGEST_MINUTES; daily: 24 h), it lists what their inbox holds unread of
// those kinds since their watermark and queues one e-mail through the outbox. Entries read in the app
// meanwhile are left out: they have been seen. The watermark moves and the e-mail is queued in one
// transaction, guarded by the old watermark, so two instances running at once send it once.

const MINUTE_MS = 60 * 1000
const DAY_MS = 24 * 60 * MINUTE_MS
/** The most entries one e-mail lists; the rest are counted ("and 12 more"). */
export const DIGEST_MAX_ENTRIES = 25

export const DIGEST_KIND_LABELS: Record<NotificationKind, string> = {
  files: 'Files and folders',
  shop: 'Orders and products',
  inbox: 'Quote requests and messages',
}

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'> & Partial<Pick<AppDeps, 'mailer'>>

export async function sendNotificationDigests(deps: Deps, signal?: AbortSignal): Promise<{ mailed: number }> {
  const db = deps.database.db
  const now = deps.clock()
  let mailed = 0
  for (const person of await listDigestSubscribers(db)) {
    if (signal?.aborted) break
    const gapMs = person.digest === 'daily' ? DAY_MS : deps.env.notificationDigestMinutes * MINUTE_MS
    if (person.lastDigestAt !== null && Date.parse(person.lastDigestAt) + gapMs > now.getTime()) continue
    if (await digestFor(deps, person, now)) mailed++
  }
  if (mailed > 0) deps.mailer?.kick()
  return { mailed }
}

type Subscriber = Awaited<ReturnType<typeof listDigestSubscribers>>[number]

async function digestFor(deps: Deps, person: Subscriber, now: Date): Promise<boolean> {
  const db = deps.database.db
  const recipient = await recipientById(db, person.user_id)
  const upTo = await latestId(db)
  if (!recipient || upTo === null || upTo <= person.digestAfter) return false
  const window = { after: person.digestAfter, upTo, types: emailedTypes(person) }
  const rows = await listDigestEntries(db, recipient, now, window, DIGEST_MAX_ENTRIES)
  // Nothing to say: the watermark stays, so the gap still counts from the last e-mail sent.
  if (rows.length === 0) return false
  const total = await countDigestEntries(db, recipient, now, window)
  return db.transaction().execute(async (trx) => {
    if (!(await advanceDigest(trx, person.user_id, person.digestAfter, upTo, now.toISOString()))) return false
    const brand = await brandOf(trx, deps.env)
    const groups: DigestGroup[] = []
    for (const kind of NOTIFICATION_KINDS) {
      const entries = rows
        .filter((row) => KIND_OF_TYPE[row.type] === kind)
        .map((row) => {
          const shown = presentNotification(row, recipient)
          return {
            text: formatNotificationSentence(shown.sentence).text,
            link: `${brand.baseUrl}${shown.link ?? '/notifications'}`,
          }
        })
      if (entries.length > 0) groups.push({ label: DIGEST_KIND_LABELS[kind], entries })
    }
    const mail = notificationDigest(brand, {
      firstname: person.first_name,
      groups,
      more: Math.max(0, total - rows.length),
      settingsLink: `${brand.baseUrl}/account/notifications`,
    })
    await enqueueMail(trx, { to: person.email, ...mail }, now)
    return true
  })
}
