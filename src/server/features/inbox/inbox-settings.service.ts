import { z } from 'zod'
import type { InboxSettings, InboxSettingsUpdate } from '../../../shared/contract/inbox-staff'
import type { AppDeps } from '../../deps'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { defineSetting, readSetting, readSettings, writeSetting } from '../../lib/settings/settings'
import { canChangeInboxSettings } from '../../policies/inbox.policy'
import { recordSettingsChange } from '../audit/audit.service'
import { findEbookFile } from './ebook.repository'
import { mailboxHealth } from './inbound/inbound.repository'

// The inbox settings admins edit: the services a quote request may name, the file sent as
// the e-book, and how long resolved quotes and contacts are kept.

/** No services until an admin lists some: the quote form then does not ask for one. */
export const SERVICES_SETTING = defineSetting({
  key: 'inbox.services',
  schema: z.array(z.string()),
  fallback: [] as string[],
})

/** A file id in the file manager; null until an admin chooses the e-book. */
export const EBOOK_FILE_SETTING = defineSetting({
  key: 'inbox.ebookFileId',
  schema: z.string().nullable(),
  fallback: null as string | null,
})

/** Whether the e-book is published; never true while no file is chosen (updateInboxSettings refuses it). */
export const EBOOK_PUBLISHED_SETTING = defineSetting({
  key: 'inbox.ebookPublished',
  schema: z.boolean(),
  fallback: false,
})

/** Days resolved quotes and contacts are kept; null (the default) keeps them for good. */
export const RETENTION_DAYS_SETTING = defineSetting({
  key: 'inbox.retentionDays',
  schema: z.number().int().positive().nullable(),
  fallback: null as number | null,
})

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'>

export async function readInboxSettings(deps: Pick<AppDeps, 'database' | 'env'>): Promise<InboxSettings> {
  const [services, ebookFileId, ebookPublished, retentionDays] = await readSettings(deps.database.db, [
    SERVICES_SETTING,
    EBOOK_FILE_SETTING,
    EBOOK_PUBLISHED_SETTING,
    RETENTION_DAYS_SETTING,
  ] as const)
  const mailboxes = await mailboxHealth(deps.database.db)
  return {
    services,
    ebookFileId,
    ebookPublished,
    retentionDays,
    mailbox: {
      configured: deps.env.inbound.imap !== undefined,
      mailboxes: mailboxes.map((m) => ({
        mailbox: m.mailbox,
        lastError: m.last_error,
        lastErrorAt: m.last_error_at,
        lastSuccessAt: m.last_success_at,
      })),
    },
  }
}

/** Whether visitors may ask for the e-book and download it: published (which needs a file). */
export async function ebookPublished(deps: Pick<AppDeps, 'database'>): Promise<boolean> {
  return readSetting(deps.database.db, EBOOK_PUBLISHED_SETTING)
}

export async function getInboxSettings(deps: Deps, by: Caller): Promise<InboxSettings> {
  if (!canChangeInboxSettings(by)) throw problems.forbidden()
  return readInboxSettings(deps)
}

export async function updateInboxSettings(
  deps: Deps,
  by: Caller,
  change: InboxSettingsUpdate,
): Promise<InboxSettings> {
  if (!canChangeInboxSettings(by)) throw problems.forbidden()
  const db = deps.database.db
  if (change.ebookFileId) {
    const file = await findEbookFile(db, change.ebookFileId)
    if (!file) throw problems.validation({ ebookFileId: ['There is no such file (or it is in the trash).'] })
  }
  // The e-book is published only with a file: visitors who confirm must be able to download it.
  const current = await readInboxSettings(deps)
  const fileAfter = change.ebookFileId === undefined ? current.ebookFileId : change.ebookFileId
  const publishedAfter = change.ebookPublished ?? current.ebookPublished
  if (publishedAfter && !fileAfter) {
    throw problems.validation(
      change.ebookPublished
        ? { ebookPublished: ['Choose the e-book file before publishing the e-book.'] }
        : { ebookFileId: ['The e-book is published: unpublish it before removing its file.'] },
    )
  }
  const now = deps.clock()
  const meta = { now, by: recordedAs(by).id }
  await db.transaction().execute(async (trx) => {
    if (change.services !== undefined) await writeSetting(trx, SERVICES_SETTING, change.services, meta)
    if (change.ebookFileId !== undefined)
      await writeSetting(trx, EBOOK_FILE_SETTING, change.ebookFileId, meta)
    if (change.ebookPublished !== undefined)
      await writeSetting(trx, EBOOK_PUBLISHED_SETTING, change.ebookPublished, meta)
    if (change.retentionDays !== undefined)
      await writeSetting(trx, RETENTION_DAYS_SETTING, change.retentionDays, meta)
    await recordSettingsChange(trx, by, { area: 'inbox', values: change }, now)
  })
  return readInboxSettings(deps)
}
