import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { countCalls, type FileCalls, jsonCalls, typedShare } from '../scripts/json-calls'

// The HTTP suite speaks the contract: its JSON calls go through the typed client (test/support/
// typed-client.ts), so a test that sends a body the contract forbids, or reads a field the answer
// does not have, fails to compile. What counts as a JSON call, typed or not, is defined in
// scripts/json-calls.ts (`npx tsx scripts/json-calls.ts` prints the figure and each file's share).
// At least MIN_SHARE of them are typed; a test file not listed below makes none by hand, and a listed
// one makes no more than it is allowed (the calls that need the raw answer: headers, cookies, bodies
// the client cannot send, a path no route declares).

const MIN_SHARE = 0.8

/** Files that still make JSON calls by hand, and how many they may make. */
const UNTYPED_ALLOWED: Record<string, number> = {
  'test/accounts/access-tokens.test.ts': 3,
  'test/accounts/signin-flow.test.ts': 1,
  'test/accounts/signup-flow.test.ts': 1,
  'test/accounts/two-factor.test.ts': 2,
  'test/admin/first-run.test.ts': 2,
  'test/admin/invitations.test.ts': 2,
  'test/admin/users-table.test.ts': 1,
  'test/audit/audit-log.test.ts': 1,
  'test/files-dav/dav-guards.test.ts': 8,
  'test/files-dav/dav-mtime.test.ts': 1,
  'test/files-dav/helpers.ts': 1,
  'test/files-links/share-links-outside.test.ts': 1,
  'test/files-links/share-links.test.ts': 3,
  'test/files-transfer/quota.test.ts': 4,
  'test/files-transfer/tus-client.test.ts': 2,
  'test/files-transfer/uploads.test.ts': 2,
  'test/files/access.test.ts': 2,
  'test/files/contract.test.ts': 1,
  'test/files/helpers.ts': 1,
  'test/files/move-to-top.test.ts': 1,
  'test/files/name-search.test.ts': 2,
  'test/files/share-lookup.test.ts': 1,
  'test/files/trash-table.test.ts': 1,
  'test/inbox/conversations.test.ts': 1,
  'test/inbox/ebook.test.ts': 2,
  'test/inbox/helpers.ts': 2,
  'test/inbox/public-forms.test.ts': 1,
  'test/inbox/quote-attachments.test.ts': 1,
  'test/inbox/triage.test.ts': 2,
  'test/notifications/cross-instance.test.ts': 1,
  'test/notifications/helpers.ts': 1,
  'test/notifications/read-state.test.ts': 1,
  'test/notifications/retention.test.ts': 1,
  'test/notifications/stream.test.ts': 1,
  'test/shop-catalogue/management.test.ts': 4,
  'test/shop-payments/checkout.test.ts': 2,
  'test/shop-payments/customers.test.ts': 1,
  'test/shop-payments/emulator-script.test.ts': 1,
  'test/shop-payments/file-snapshots.test.ts': 1,
  // A forged guest-orders cookie, sent by hand.
  'test/shop-payments/guest-checkout.test.ts': 1,
  'test/shop-payments/helpers.ts': 2,
  'test/shop-payments/refund-visibility.test.ts': 1,
  'test/shop-payments/refunds-delivery.test.ts': 2,
  'test/site/site-identity.test.ts': 2,
  'test/system/cache-control.test.ts': 3,
  'test/system/file-permissions.test.ts': 1,
  'test/system/health.test.ts': 1,
  'test/system/metrics.test.ts': 2,
  'test/system/no-freeze.test.ts': 1,
  'test/system/openapi-document.test.ts': 1,
  'test/system/process.test.ts': 1,
  'test/system/request-log.test.ts': 2,
  'test/system/scale-out.test.ts': 5,
  'test/system/web-app-serving.test.ts': 6,
}

const calls = jsonCalls(path.resolve(import.meta.dirname, '..'))

describe('the suite’s JSON calls', () => {
  it(`go through the typed client at least ${MIN_SHARE * 100} % of the time`, () => {
    const typed = calls.reduce((sum, c) => sum + c.typed, 0)
    const all = calls.reduce((sum, c) => sum + c.typed + c.untyped, 0)
    expect(typedShare(calls), `${typed} of ${all} JSON calls are typed`).toBeGreaterThanOrEqual(MIN_SHARE)
  })

  it('are made by hand only where a file is allowed to, and no more often', () => {
    const over = calls
      .filter((c: FileCalls) => c.untyped > (UNTYPED_ALLOWED[c.file] ?? 0))
      .map((c) => `${c.file}: ${c.untyped} untyped (allowed ${UNTYPED_ALLOWED[c.file] ?? 0})`)
    expect(over).toEqual([])
  })
})

describe('what counts as a JSON call', () => {
  it('tells the typed client from requests made by hand, and leaves out pages, bytes and Auth.js', () => {
    const source = `
      await call(owner, 'POST', '/api/folders', { folder_name: 'A' })
      await call(t, 'GET', \`/api/folders/\${id}\`, undefined, 404)
      await owner.client.json('/api/me')
      await admin.json(\`/api/admin/users/\${id}\`, 'PATCH', { role: 'staff' })
      await t.request('/api/setup', { method: 'POST', body: {} })
      await s.t.request(\`/api/shop/orders/\${id}\`)
      await fetch(\`\${base}/api/me\`, { headers: { Accept: 'application/json' } })
      await t.app.request('/api/folders', { method: 'POST', body: JSON.stringify({}) })
      await (await res.json()).items
      await t.request('/shop')
      await t.request(cover.small)
      await client.request('/api/auth/session')
      await t.request('/api/auth/csrf')
      await t.app.request('/api/me', { headers: { Authorization: 'Bearer x' } })
    `
    expect(countCalls('example.test.ts', source)).toEqual({ file: 'example.test.ts', typed: 2, untyped: 6 })
  })
})
