import { expect } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import {
  type InboundReader,
  startInboundReader,
} from '../../src/server/features/inbox/inbound/mailbox-reader'
import { newId } from '../../src/server/lib/ids'
import { databaseJobLeases } from '../../src/server/lib/jobs/job-leases'
import type { TestApp } from '../support/test-app'

// Shared by the inbound mail suites: the settings an app reads its mailbox with, a reader started on
// it (short lease, quick back-off), entries to answer, and waits for what the reader stores.

export function inboundEnv(url: string): Record<string, string> {
  return {
    INBOUND_IMAP_URL: url,
    INBOUND_REPLY_ADDRESS: 'inbox@biz.example',
    INBOUND_PROCESSED_FOLDER: 'Processed',
    INBOUND_MAX_MESSAGE_BYTES: String(1024 * 1024),
    MAIL_FROM: 'Biz Support <no-reply@biz.example>',
  }
}

export function startReader(t: TestApp, holder: string, leaseMs = 3_000): InboundReader {
  return startInboundReader(t.deps, {
    leases: databaseJobLeases(t.database.db, holder, () => new Date()),
    logger: t.deps.logger,
    leaseMs,
    backoff: { firstMs: 100, maxMs: 400 },
  })
}

export async function insertQuote(t: TestApp, overrides: Partial<DB['quote_requests']> = {}) {
  const stamp = t.clock.now.toISOString()
  const row = {
    id: newId(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    business_name: 'Engines Ltd',
    industry: null,
    email: `ada-${newId().slice(-8)}@example.com`,
    phone: null,
    service: null,
    message: 'Please quote for 3 engines.',
    status: 'pending' as const,
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  }
  await t.database.db.insertInto('quote_requests').values(row).execute()
  return row
}

/** The ledger row of a Message-ID, once the reader has stored it. */
export async function stored(t: TestApp, messageId: string, timeout = 20_000) {
  const find = () =>
    t.database.db
      .selectFrom('inbound_mails')
      .selectAll()
      .where('message_id', '=', messageId)
      .executeTakeFirst()
  await expect.poll(find, { timeout, interval: 50 }).toBeDefined()
  return (await find())!
}

export const mid = (label: string) => `<${label}.${newId()}@mail.example.com>`
