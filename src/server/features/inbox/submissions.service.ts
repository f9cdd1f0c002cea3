import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { contactInputSchema, quoteRequestInputSchema } from '../../../shared/contract/inbox'
import type { DB } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { problems } from '../../lib/http/problem'
import { newId } from '../../lib/ids'
import { readSetting } from '../../lib/settings/settings'
import { normalizeEmail } from '../accounts/users.repository'
import type { InboxAlertEntry } from '../mail'
import { notify } from '../notifications/notify'
import { brandOf } from '../site/brand'
import { insertContact } from './contacts.repository'
import { guardSubmission, type Sender } from './form-guard'
import { insertAttachment } from './inbound/inbound.repository'
import { queueSubmissionMails, renderSubmissionMails } from './inbox-mail'
import { SERVICES_SETTING } from './inbox-settings.service'
import type { StoredAttachment } from './quote-attachments'
import { insertQuote } from './quotes.repository'

// The public quote and contact forms (product.md §4). In order: the fields were validated by the
// route; the service must be one admins list; then the spam guard (rate limit, honeypot, fill time);
// then one transaction stores the submission, queues its e-mails and notifies staff. The e-mails go
// through the outbox, so an SMTP outage delays them and never loses the submission or shows the
// visitor an error.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer'>
export type QuoteInput = z.output<typeof quoteRequestInputSchema>
export type ContactInput = z.output<typeof contactInputSchema>

/** The service as admins spelled it, or a 422 when it is not on their list. */
async function checkedService(deps: Deps, service: string | null): Promise<string | null> {
  const services = await readSetting(deps.database.db, SERVICES_SETTING)
  if (services.length === 0) return null
  if (!service) throw problems.validation({ service: ['Choose the service you are interested in.'] })
  const match = services.find((s) => s.toLowerCase() === service.toLowerCase())
  if (!match) throw problems.validation({ service: ['Choose one of the services listed.'] })
  return match
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim()

/**
 * Records a quote request with the files already stored for it (quote-attachments.ts). Answers false
 * when the spam guard dropped it: the caller then deletes those files.
 */
export async function submitQuote(
  deps: Deps,
  sender: Sender,
  input: QuoteInput,
  attachments: readonly StoredAttachment[] = [],
): Promise<boolean> {
  const email = normalizeEmail(input.email)
  const service = await checkedService(deps, input.service)
  if (!(await guardSubmission(deps, 'quote', sender, { ...input, email }))) return false

  const now = deps.clock()
  const stamp = now.toISOString()
  const row = {
    id: newId(now.getTime()),
    first_name: input.first_name,
    last_name: input.last_name,
    business_name: input.business_name,
    industry: input.industry,
    email,
    phone: input.phone,
    service,
    message: input.message,
    status: 'pending' as const,
    createdAt: stamp,
    updatedAt: stamp,
  }
  await recordSubmission(deps, sender, now, {
    kind: 'quote',
    row,
    insert: async (trx, quote) => {
      await insertQuote(trx, quote)
      for (const a of attachments) {
        await insertAttachment(trx, {
          id: newId(now.getTime()),
          quote_id: quote.id,
          contact_id: null,
          message_id: null,
          filename: a.filename,
          mimetype: a.mimetype,
          size: a.size,
          blob_key: a.key,
          created_at: stamp,
        })
      }
    },
    notification: { type: 'quote', mainItem: service ?? row.business_name },
  })
  return true
}

export async function submitContact(deps: Deps, sender: Sender, input: ContactInput): Promise<void> {
  const email = normalizeEmail(input.email)
  if (!(await guardSubmission(deps, 'contact', sender, { ...input, email }))) return

  const now = deps.clock()
  const stamp = now.toISOString()
  const row = {
    id: newId(now.getTime()),
    first_name: input.first_name,
    last_name: input.last_name,
    email,
    subject: input.subject,
    message: input.message,
    status: 'pending' as const,
    createdAt: stamp,
    updatedAt: stamp,
  }
  await recordSubmission(deps, sender, now, {
    kind: 'contact',
    row,
    insert: insertContact,
    notification: { type: 'feedback', mainItem: row.subject },
  })
}

type Notification = Parameters<typeof notify>[1]

/**
 * What both forms do with an accepted submission: render its mails (a template that fails keeps the
 * submission), then one transaction stores it, queues the mails and tells staff; then the mailer wakes.
 */
async function recordSubmission<Row extends InboxAlertEntry & SubmissionRow>(
  deps: Deps,
  sender: Sender,
  now: Date,
  submission: {
    kind: 'quote' | 'contact'
    row: Row
    insert: (trx: Kysely<DB>, row: Row) => Promise<unknown>
    notification: Pick<Notification, 'type' | 'mainItem'>
  },
): Promise<void> {
  const { kind, row, insert, notification } = submission
  const brand = await brandOf(deps.database.db, deps.env)
  const mails = renderSubmissionMails(brand, sender.logger, kind, row.id, row)
  await deps.database.db.transaction().execute(async (trx) => {
    await insert(trx, row)
    if (mails) await queueSubmissionMails(trx, mails, row.email, now)
    await notify(
      trx,
      {
        ...notification,
        action: 'created',
        actor: { id: sender.userId, name: fullName(row.first_name, row.last_name) },
        audience: { forAll: true },
      },
      now,
    )
  })
  deps.mailer.kick()
}

interface SubmissionRow {
  id: string
  email: string
  first_name: string
  last_name: string
}
