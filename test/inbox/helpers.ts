import { Readable } from 'node:stream'
import { expect } from 'vitest'
import {
  EBOOK_FILE_SETTING,
  EBOOK_PUBLISHED_SETTING,
} from '../../src/server/features/inbox/inbox-settings.service'
import { writeSetting } from '../../src/server/lib/settings/settings'
import { insertFile, insertFolder } from '../support/factories'
import type { CookieClient } from '../support/http-client'
import { createTestApp, TEST_ORIGIN, type TestApp, type TestAppOptions } from '../support/test-app'

// Shared by the inbox suites: an app whose client address comes from X-Forwarded-For (so each test
// can be its own visitor), form tokens that are old enough, and signed-in staff.

export async function inboxApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  return createTestApp({ ...options, env: { TRUST_PROXY: 'true', ...env } })
}

let visitors = 0
/** A fresh client address per call, so rate limits of one test do not spill into another. */
export function nextIp(): string {
  visitors++
  return `198.51.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`
}

/** POST JSON as the web app does, from a given client address. */
export function postFrom(t: TestApp, path: string, body: unknown, ip: string, client?: CookieClient) {
  const init = {
    method: 'POST',
    headers: {
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/json',
      'X-Forwarded-For': ip,
    },
    body: JSON.stringify(body),
  }
  return client ? client.request(path, init) : t.app.request(path, init)
}

/** Opens a form (GET /api/inbox/form) and lets enough time pass to send it. */
export async function openForm(t: TestApp, client?: CookieClient): Promise<string> {
  const res = client ? await client.json('/api/inbox/form') : await t.request('/api/inbox/form')
  expect(res.status).toBe(200)
  const { formToken } = (await res.json()) as { formToken: string }
  t.clock.advance(5_000)
  return formToken
}

export function quoteInput(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    business_name: 'Analytical Engines Ltd',
    industry: 'Computing',
    email: 'ada@example.com',
    phone: '+234 801 234 5678',
    service: null,
    message: 'Please quote for 3 engines.\nDelivery to Lagos.',
    website: '',
    ...overrides,
  }
}

export function contactInput(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    subject: 'Opening hours',
    message: 'When are you open on Saturdays?',
    website: '',
    ...overrides,
  }
}

export async function count(
  t: TestApp,
  table: 'quote_requests' | 'contacts' | 'ebook_requests' | 'mail_outbox',
) {
  const rows = await t.database.db.selectFrom(table).select('id').execute()
  return rows.length
}

/**
 * Publishes an e-book (a small PDF in a folder of its own), as an admin would in the inbox settings:
 * visitors may ask for it only while it is published. Returns the file's bytes and id.
 */
export async function publishEbook(t: TestApp, bytes = Buffer.from('%PDF-1.4 the e-book')) {
  const folder = await insertFolder(t.database.db)
  const blob = await t.deps.storage.put(Readable.from([bytes]))
  const file = await insertFile(t.database.db, folder.id, {
    filename: 'Guide.pdf',
    mimetype: 'application/pdf',
    path: blob.key,
    size: blob.size,
    sha256: blob.sha256,
  })
  const meta = { now: t.clock.now, by: null }
  await writeSetting(t.database.db, EBOOK_FILE_SETTING, file.id, meta)
  await writeSetting(t.database.db, EBOOK_PUBLISHED_SETTING, true, meta)
  return { bytes, fileId: file.id }
}
