import { beforeAll, describe, expect, it } from 'vitest'
import { buildJobTable } from '../../src/server/jobs'
import type { CreatedAccessToken } from '../../src/shared/contract/access-tokens'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The e-mail before an access token expires (docs/decisions/0138): the daily job mails a token's owner
// once, within the week before it expires, by the app's clock; not for a 7-day token, an expired one or
// a restricted owner's; two runs at once send one mail.

const DAY = 24 * 60 * 60 * 1000
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})

async function makeToken(owner: Person, name: string, expiresInDays: 7 | 30 | 90 | 365) {
  const body = { name, scope: 'read-write' as const, expiresInDays }
  return (await call(owner.client, 'POST', '/api/me/access-tokens', body, 201)) as CreatedAccessToken
}

function runJob() {
  const job = buildJobTable(t.deps).find((j) => j.name === 'mail-expiring-tokens')!
  return job.run(new AbortController().signal)
}

async function mailsTo(email: string) {
  return t.database.db
    .selectFrom('mail_outbox')
    .select(['template', 'subject', 'text_body', 'html_body'])
    .where('to_address', '=', email)
    .where('template', '=', 'access-token-expiring')
    .execute()
}

describe('the token expiry e-mail', () => {
  it('mails the owner once, in the week before a token expires, saying which token, when and what to do', async () => {
    const owner = await signedIn(t, { first_name: 'Dora' })
    const token = await makeToken(owner, 'Drive on laptop', 365)
    await runJob()
    expect(await mailsTo(owner.email)).toEqual([])

    t.clock.advance(357 * DAY) // 8 days left
    await runJob()
    expect(await mailsTo(owner.email)).toEqual([])

    t.clock.advance(2 * DAY) // 6 days left
    await runJob()
    const mails = await mailsTo(owner.email)
    expect(mails).toHaveLength(1)
    const when = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(token.expiresAt))
    expect(mails[0]!.subject).toContain('“Drive on laptop”')
    expect(mails[0]!.subject).toContain(when)
    expect(mails[0]!.text_body).toContain('Hi Dora,')
    expect(mails[0]!.text_body).toContain(`${token.hint}…`)
    expect(mails[0]!.text_body).toContain('Make a drive password')
    expect(mails[0]!.text_body).toMatch(/https?:\/\/[^\s]+\/profile/)
    expect(mails[0]!.text_body).not.toContain(token.token)

    // Once per token: the next days' runs send nothing more.
    t.clock.advance(DAY)
    await runJob()
    t.clock.advance(DAY)
    await runJob()
    expect(await mailsTo(owner.email)).toHaveLength(1)

    // The token still works until it expires; the mail does not end it.
    const res = await t.app.request('/api/me', { headers: { Authorization: `Bearer ${token.token}` } })
    expect(res.status).toBe(200)
  })

  it('leaves 7-day tokens, expired tokens and restricted owners alone, and mails each other token', async () => {
    const owner = await signedIn(t)
    const restricted = await signedIn(t)
    await makeToken(owner, 'Quick test', 7)
    await makeToken(owner, 'Backup script', 30)
    await makeToken(owner, 'Old script', 30)
    await makeToken(restricted, 'Theirs', 30)
    await t.database.db
      .updateTable('users')
      .set({ isRestricted: true })
      .where('id', '=', restricted.id)
      .execute()
    // "Old script" expired before the job first ran (say the server was down that week).
    const old = await t.database.db
      .selectFrom('access_tokens')
      .select('id')
      .where('userId', '=', owner.id)
      .where('name', '=', 'Old script')
      .executeTakeFirstOrThrow()
    await t.database.db
      .updateTable('access_tokens')
      .set({ expiresAt: new Date(t.clock.now.getTime() - DAY).toISOString() })
      .where('id', '=', old.id)
      .execute()

    t.clock.advance(25 * DAY)
    await runJob()
    const mails = await mailsTo(owner.email)
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('“Backup script”')])
    expect(await mailsTo(restricted.email)).toEqual([])
  })

  it('sends one mail when two instances run the job at once', async () => {
    const owner = await signedIn(t)
    await makeToken(owner, 'Shared drive', 90)
    t.clock.advance(85 * DAY)
    const results = await Promise.all([runJob(), runJob()])
    expect(await mailsTo(owner.email)).toHaveLength(1)
    expect(results.map((r) => (r as { mailed: number }).mailed).sort()).toEqual([0, 1])
  })
})
