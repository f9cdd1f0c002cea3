import type { Transaction } from 'kysely'
import type { Logger } from 'pino'
import type { DB } from '../../db/schema'
import {
  type Brand,
  enqueueMail,
  type InboxAlertEntry,
  inboxReceived,
  inboxStaffAlert,
  type RenderedMail,
} from '../mail'
import { INBOX_STAFF_PATHS } from './inbox-links'
import { inboxTeam } from './inbox-staff.repository'

// The two e-mails of a quote request or contact message (product.md §4): a fixed confirmation to
// the sender and an alert to every admin and ManageFeedback staff member with Reply-To the sender.

export interface SubmissionMails {
  confirmation: RenderedMail
  alert: RenderedMail
}

/**
 * Renders both mails before the submission's transaction. A template that throws (a bug) costs the
 * mails, never the submission: the visitor's message is stored and staff still see it in the inbox.
 */
export function renderSubmissionMails(
  brand: Brand,
  logger: Logger,
  kind: 'quote' | 'contact',
  id: string,
  entry: InboxAlertEntry,
): SubmissionMails | undefined {
  try {
    return {
      confirmation: inboxReceived(brand, { kind }),
      alert: inboxStaffAlert(brand, { kind, entry, link: `${brand.baseUrl}${INBOX_STAFF_PATHS[kind](id)}` }),
    }
  } catch (error) {
    logger.error({ err: error, kind }, 'inbox: could not render the e-mails; the submission is kept')
    return undefined
  }
}

/** Queues the confirmation and one alert per staff member, in the submission's transaction. */
export async function queueSubmissionMails(
  trx: Transaction<DB>,
  mails: SubmissionMails,
  sender: string,
  now: Date,
): Promise<void> {
  await enqueueMail(trx, { to: sender, ...mails.confirmation }, now)
  await queueStaffAlerts(trx, mails.alert, sender, now)
}

/** One alert per admin and ManageFeedback staff member, with Reply-To the sender. */
export async function queueStaffAlerts(
  trx: Transaction<DB>,
  alert: RenderedMail,
  sender: string,
  now: Date,
): Promise<void> {
  for (const staff of await inboxTeam(trx)) {
    await enqueueMail(trx, { to: staff.email, replyTo: sender, ...alert }, now)
  }
}
