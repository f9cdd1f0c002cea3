import { onTestFinished } from 'vitest'
import type { MailOutboxTable } from '../../../src/server/db/schema'
import {
  type Brand,
  createSmtpTransport,
  type MailTransport,
  type MailWorkerOptions,
  startMailWorker,
} from '../../../src/server/features/mail'
import { readSiteIdentity } from '../../../src/server/features/site/site-identity.service'
import { SmtpSink } from '../../support/smtp-sink'
import { createTestApp, type TestApp } from '../../support/test-app'

export const BRAND: Brand = {
  name: 'Depot',
  address: '12 Marina Road\nLagos, Nigeria',
  baseUrl: 'http://localhost:3000',
}
export const FROM = 'Depot <no-reply@depot.test>'

/** A migrated test database and a running SMTP sink, both gone after the test. */
export async function mailSetup(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; sink: SmtpSink }> {
  const t = await createTestApp(options)
  const sink = new SmtpSink()
  await sink.start()
  onTestFinished(() => sink.stop())
  return { t, sink }
}

export function smtpTo(sink: SmtpSink): MailTransport {
  return createSmtpTransport({ smtpUrl: sink.url, from: FROM })
}

/** A worker that only sends when the test says so (pollMs 0), stopped after the test. */
export function testWorker(t: TestApp, transport: MailTransport, options: Partial<MailWorkerOptions> = {}) {
  const worker = startMailWorker({
    database: t.database,
    transport,
    senderName: async () => (await readSiteIdentity(t.database.db, t.deps.env)).name,
    logger: t.deps.logger,
    clock: t.deps.clock,
    pollMs: 0,
    ...options,
  })
  onTestFinished(() => worker.stop())
  return worker
}

export function outboxRow(t: TestApp, id: string): Promise<MailOutboxTable> {
  return t.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}
