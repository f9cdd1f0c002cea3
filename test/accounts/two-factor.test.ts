import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../src/server/features/admin/admin-cli'
import { CookieClient } from '../support/http-client'
import { enrolTwoFactor, insertUserWithPassword, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Two-factor sign-in (docs/decisions/0044), through the HTTP API and Auth.js's credentials callback as
// a plain client would drive them; codes are computed with otpauth from the secret the API hands out.

const STEP_MS = 30_000

function codeAt(secret: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now.getTime() })
}

/** The next time step: a code is accepted once, so each use needs a fresh one. */
function nextCode(t: TestApp, secret: string): string {
  t.clock.advance(STEP_MS)
  return codeAt(secret, t.clock.now)
}

async function signInAs(t: TestApp, email: string, password: string, code?: string) {
  const client = new CookieClient(t.app)
  const csrfToken = await client.csrfToken()
  const res = await client.postForm('/api/auth/callback/credentials', {
    csrfToken,
    email,
    password,
    ...(code === undefined ? {} : { code }),
    callbackUrl: '/',
  })
  // A throttled sign-in is a 429 problem; any other refusal redirects with ?code=….
  const refusal =
    res.status === 429
      ? ((await res.json()) as { code: string }).code
      : new URL(res.headers.get('location') ?? '/', 'http://localhost:3000').searchParams.get('code')
  return { client, res, code: refusal, signedIn: client.jar.has('depot.session') }
}

/** A verified user with `role`, signed in, with two-factor sign-in set up; returns the secret and codes. */
async function enrolledUser(t: TestApp, role: 'user' | 'staff' | 'admin' = 'user') {
  const user = await signedIn(t, { role })
  const { secret, recoveryCodes } = await enrolTwoFactor(t, user)
  return { user, client: user.client, secret, recoveryCodes }
}

const auditOf = (t: TestApp, action: string) =>
  t.database.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute()

describe('enrolment', () => {
  it('hands out a secret with a QR code, confirms it with a code, and shows 10 recovery codes once', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const { client } = await signInAs(t, user.email, user.plainPassword)

    expect(await call(client, 'GET', '/api/me/two-factor')).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
      dueBy: null,
    })
    const setup = await call(client, 'POST', '/api/me/two-factor/setup')
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`)
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Depot:/)
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg')

    // The secret is not stored as it was handed out.
    const row = await t.database.db.selectFrom('user_two_factor').selectAll().executeTakeFirstOrThrow()
    expect(row.secret).not.toContain(setup.secret)
    expect(row.enabledAt).toBeNull()

    // A wrong code does not turn it on.
    const wrong = await call(client, 'POST', '/api/me/two-factor/enable', { code: '000000' }, 422)
    expect(wrong.errors!.code).toBeDefined()
    await call(client, 'POST', '/api/me/two-factor/enable', { code: 'abc' }, 422)

    const enable = await call(
      client,
      'POST',
      '/api/me/two-factor/enable',
      {
        code: codeAt(setup.secret, t.clock.now),
      },
      200,
    )
    const { recoveryCodes } = enable
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/)
    const stored = await t.database.db.selectFrom('two_factor_recovery_codes').select('codeHash').execute()
    expect(stored).toHaveLength(10)
    for (const { codeHash } of stored) expect(recoveryCodes.join()).not.toContain(codeHash)

    const status = await call(client, 'GET', '/api/me/two-factor')
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    // Set up once: a second set-up is refused rather than replacing the working secret.
    await call(client, 'POST', '/api/me/two-factor/setup', undefined, 409)
    expect(await auditOf(t, 'two_factor.enabled')).toMatchObject([{ actorId: user.id }])
  })
})

describe('signing in with two-factor sign-in', () => {
  it('needs the code after the password: the password alone creates no session', async () => {
    const t = await createTestApp()
    const { user, secret } = await enrolledUser(t)
    const before = (await t.database.db.selectFrom('sessions').selectAll().execute()).length

    const passwordOnly = await signInAs(t, user.email, user.plainPassword)
    expect(passwordOnly.code).toBe('two_factor_required')
    expect(passwordOnly.signedIn).toBe(false)
    // A wrong password with a right code is still a wrong password (and says nothing about 2FA).
    const wrongPassword = await signInAs(t, user.email, 'not the password', nextCode(t, secret))
    expect(wrongPassword.code).toBe('invalid_credentials')
    expect((await t.database.db.selectFrom('sessions').selectAll().execute()).length).toBe(before)

    const withCode = await signInAs(t, user.email, user.plainPassword, nextCode(t, secret))
    expect(withCode.code).toBeNull()
    expect(withCode.signedIn).toBe(true)
    await call(withCode.client, 'GET', '/api/me', undefined, 200)

    // The same code again (a replay within its 30 seconds) is refused.
    const replay = await signInAs(t, user.email, user.plainPassword, codeAt(secret, t.clock.now))
    expect(replay.code).toBe('two_factor_invalid')
    expect(replay.signedIn).toBe(false)
  })

  it('refuses a wrong code, audits it, and throttles after 5 tries even with the right code', async () => {
    const t = await createTestApp()
    const { user, secret } = await enrolledUser(t)
    for (let i = 0; i < 5; i++) {
      const wrong = await signInAs(t, user.email, user.plainPassword, '123456')
      expect(wrong.code).toBe('two_factor_invalid')
      expect(wrong.signedIn).toBe(false)
    }
    const locked = await signInAs(t, user.email, user.plainPassword, nextCode(t, secret))
    expect(locked.code).toBe('rate_limited')
    expect(locked.signedIn).toBe(false)
    const failures = await auditOf(t, 'signin.failure')
    expect(failures.filter((f) => JSON.parse(f.details).reason === 'two_factor_invalid')).toHaveLength(5)
    expect(failures.filter((f) => JSON.parse(f.details).reason === 'throttled')).toHaveLength(1)

    // After the window the right code works again.
    t.clock.advance(15 * 60 * 1000)
    const later = await signInAs(t, user.email, user.plainPassword, nextCode(t, secret))
    expect(later.signedIn).toBe(true)
  })

  it('counts concurrent guesses before checking them: at most 5 are checked', async () => {
    const t = await createTestApp()
    const { user } = await enrolledUser(t)
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInAs(t, user.email, user.plainPassword, String(100000 + i))),
    )
    const checked = results.filter((r) => r.code === 'two_factor_invalid').length
    expect(checked).toBeLessThanOrEqual(5)
    expect(results.filter((r) => r.code === 'rate_limited').length).toBe(12 - checked)
  })

  it('takes a recovery code once, and audits its use', async () => {
    const t = await createTestApp()
    const { user, recoveryCodes } = await enrolledUser(t)
    const code = recoveryCodes[3]!
    // Typed in capitals and without dashes, as people do.
    const first = await signInAs(t, user.email, user.plainPassword, code.replaceAll('-', '').toUpperCase())
    expect(first.signedIn).toBe(true)
    const again = await signInAs(t, user.email, user.plainPassword, code)
    expect(again.code).toBe('two_factor_invalid')
    expect(again.signedIn).toBe(false)
    expect(await auditOf(t, 'two_factor.recovery_code_used')).toMatchObject([{ actorId: user.id }])
    const status = await call(first.client, 'GET', '/api/me/two-factor')
    expect(status.recoveryCodesLeft).toBe(9)
  })
})

describe('managing it from the profile', () => {
  it('renews recovery codes with a current code (the old ones stop working)', async () => {
    const t = await createTestApp()
    const { user, client, secret, recoveryCodes } = await enrolledUser(t)
    await call(client, 'POST', '/api/me/two-factor/recovery-codes', { code: '000000' }, 422)
    const renewed = await call(
      client,
      'POST',
      '/api/me/two-factor/recovery-codes',
      {
        code: nextCode(t, secret),
      },
      200,
    )
    const fresh = renewed.recoveryCodes as string[]
    expect(fresh).toHaveLength(10)
    expect(fresh).not.toContain(recoveryCodes[0])
    expect((await signInAs(t, user.email, user.plainPassword, recoveryCodes[0])).code).toBe(
      'two_factor_invalid',
    )
    expect((await signInAs(t, user.email, user.plainPassword, fresh[0])).signedIn).toBe(true)
    expect(await auditOf(t, 'two_factor.recovery_codes_renewed')).toHaveLength(1)
  })

  it('turns off with the password (not a wrong one), after which the password alone signs in', async () => {
    const t = await createTestApp()
    const { user, client } = await enrolledUser(t)
    const wrong = await call(client, 'POST', '/api/me/two-factor/disable', { password: 'not it at all' }, 422)
    expect(wrong.errors!.password).toBeDefined()
    await call(client, 'POST', '/api/me/two-factor/disable', {}, 422)
    await call(client, 'POST', '/api/me/two-factor/disable', { password: user.plainPassword }, 204)
    expect(await t.database.db.selectFrom('two_factor_recovery_codes').selectAll().execute()).toEqual([])
    expect((await signInAs(t, user.email, user.plainPassword)).signedIn).toBe(true)
    expect(await auditOf(t, 'two_factor.disabled')).toMatchObject([{ actorId: user.id }])
  })

  it('turns off with a code too', async () => {
    const t = await createTestApp()
    const { client, secret } = await enrolledUser(t)
    await call(client, 'POST', '/api/me/two-factor/disable', { code: nextCode(t, secret) }, 204)
    expect((await call(client, 'GET', '/api/me/two-factor')).enabled).toBe(false)
  })
})

describe('the admins’ requirement', () => {
  const DAY = 24 * 60 * 60 * 1000
  async function setRequirement(adminClient: CookieClient, twoFactorRequirement: 'off' | 'admins' | 'staff') {
    const res = await call(
      adminClient,
      'PATCH',
      '/api/admin/security-settings',
      { twoFactorRequirement },
      200,
    )
    expect(res).toEqual({ twoFactorRequirement })
  }
  const sessionUser = async (client: CookieClient) =>
    (await (await client.request('/api/auth/session')).json()).user

  it('on a new site, gives admins 7 days from their first sign-in, then only enrolment', async () => {
    const t = await createTestApp()
    const admin = await insertUserWithPassword(t.database.db, 'admin passphrase', { role: 'admin' })
    const firstSignIn = t.clock.now.getTime()
    const { client } = await signInAs(t, admin.email, admin.plainPassword)
    expect(await call(client, 'GET', '/api/admin/security-settings')).toEqual({
      twoFactorRequirement: 'admins',
    })
    // The grace period: everything works, and the session says by when (the web's banner).
    const dueBy = new Date(firstSignIn + 7 * DAY).toISOString()
    expect(await sessionUser(client)).toMatchObject({ twoFactorDueBy: dueBy })
    expect((await sessionUser(client)).mustEnrolTwoFactor).toBeUndefined()
    expect(await call(client, 'GET', '/api/me/two-factor')).toMatchObject({ required: true, dueBy })
    await call(client, 'GET', '/api/admin/users', undefined, 200)
    const token = await client.json('/api/me/access-tokens', 'POST', {
      name: 'script',
      scope: 'read-write',
      expiresInDays: 30,
    })
    const { token: bearer } = await token.json()

    // Staff and customers are not asked.
    const staff = await insertUserWithPassword(t.database.db, 'staff passphrase 1', { role: 'staff' })
    const staffSignIn = await signInAs(t, staff.email, staff.plainPassword)
    expect((await staffSignIn.client.json('/api/me/two-factor').then((r) => r.json())).required).toBe(false)
    expect((await sessionUser(staffSignIn.client)).twoFactorDueBy).toBeUndefined()

    // Past the grace period (a later sign-in does not restart it): only enrolment, and a clear code.
    t.clock.advance(7 * DAY + 60_000)
    const later = await signInAs(t, admin.email, admin.plainPassword)
    expect((await sessionUser(later.client)).mustEnrolTwoFactor).toBe(true)
    const blocked = await call(later.client, 'GET', '/api/admin/users', undefined, 403)
    expect(blocked.code).toBe('two_factor_enrolment_required')
    const viaToken = await t.app.request('/api/admin/users', {
      headers: { Authorization: `Bearer ${bearer}` },
    })
    expect(viaToken.status).toBe(403)
    expect((await viaToken.json()).code).toBe('two_factor_enrolment_required')
    await call(later.client, 'GET', '/api/me', undefined, 200)
    const setup = await call(later.client, 'POST', '/api/me/two-factor/setup')
    await call(
      later.client,
      'POST',
      '/api/me/two-factor/enable',
      {
        code: codeAt(setup.secret, t.clock.now),
      },
      200,
    )
    await call(later.client, 'GET', '/api/admin/users', undefined, 200)
    expect(await sessionUser(later.client)).not.toHaveProperty('twoFactorDueBy')
  })

  it('extends to staff with a fresh grace period, and turns off', async () => {
    const t = await createTestApp()
    const { user: admin, secret } = await enrolledUser(t, 'admin')
    const adminNow = async () =>
      (await signInAs(t, admin.email, admin.plainPassword, nextCode(t, secret))).client
    const staff = await insertUserWithPassword(t.database.db, 'staff passphrase 1', {
      role: 'staff',
      functions: ['ManageFeedback'],
    })
    // Signed in long before the requirement reached staff: their 7 days start with the change.
    await signInAs(t, staff.email, staff.plainPassword)
    t.clock.advance(30 * DAY)
    await setRequirement(await adminNow(), 'staff')
    expect(await auditOf(t, 'settings.changed')).toHaveLength(1)
    const changedAt = t.clock.now.getTime()
    const during = await signInAs(t, staff.email, staff.plainPassword)
    expect(await sessionUser(during.client)).toMatchObject({
      twoFactorDueBy: new Date(changedAt + 7 * DAY).toISOString(),
    })
    await call(during.client, 'GET', '/api/inbox/quotes', undefined, 200)

    t.clock.advance(7 * DAY + 60_000)
    const after = await signInAs(t, staff.email, staff.plainPassword)
    const blocked = await call(after.client, 'GET', '/api/inbox/quotes', undefined, 403)
    expect(blocked.code).toBe('two_factor_enrolment_required')
    await call(after.client, 'GET', '/api/me/sessions', undefined, 403)

    // Off: nobody is held, straight away.
    await setRequirement(await adminNow(), 'off')
    await call(after.client, 'GET', '/api/inbox/quotes', undefined, 200)
    expect(await sessionUser(after.client)).not.toHaveProperty('mustEnrolTwoFactor')
  })

  it('keeps the settings to admins and checks the choice', async () => {
    const t = await createTestApp()
    const staff = await insertUserWithPassword(t.database.db, 'staff passphrase 1', { role: 'staff' })
    const { client } = await signInAs(t, staff.email, staff.plainPassword)
    await call(client, 'GET', '/api/admin/security-settings', undefined, 403)
    await call(client, 'PATCH', '/api/admin/security-settings', { twoFactorRequirement: 'staff' }, 403)
    const { client: adminClient } = await enrolledUser(t, 'admin')
    await call(
      adminClient,
      'PATCH',
      '/api/admin/security-settings',
      {
        twoFactorRequirement: 'yes',
      },
      422,
    )
  })
})

describe('resetting someone’s second factor', () => {
  it('lets an admin reset it: audited, e-mailed, and the password alone signs in again', async () => {
    const t = await createTestApp()
    const { user } = await enrolledUser(t)
    const admin = await insertUserWithPassword(t.database.db, 'admin passphrase', { role: 'admin' })
    const { client: adminClient } = await signInAs(t, admin.email, admin.plainPassword)

    const detail = await call(adminClient, 'GET', `/api/admin/users/${user.id}`)
    expect(detail.twoFactorEnabled).toBe(true)
    const res = await call(adminClient, 'DELETE', `/api/admin/users/${user.id}/two-factor`, undefined, 200)
    expect(res).toEqual({ reset: true })
    expect((await call(adminClient, 'GET', `/api/admin/users/${user.id}`)).twoFactorEnabled).toBe(false)
    expect(await auditOf(t, 'two_factor.reset')).toMatchObject([{ actorId: admin.id, targetId: user.id }])
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'two-factor-reset')
      .execute()
    expect(mail).toMatchObject([{ to_address: user.email }])
    expect(mail[0]!.text_body).toContain('/profile')
    expect((await signInAs(t, user.email, user.plainPassword)).signedIn).toBe(true)

    // Again: nothing to reset, nothing audited.
    expect(await call(adminClient, 'DELETE', `/api/admin/users/${user.id}/two-factor`)).toEqual({
      reset: false,
    })
    expect(await auditOf(t, 'two_factor.reset')).toHaveLength(1)
    // Not one's own, and not for staff.
    await call(adminClient, 'DELETE', `/api/admin/users/${admin.id}/two-factor`, undefined, 403)
    const other = await signInAs(t, user.email, user.plainPassword)
    await call(other.client, 'DELETE', `/api/admin/users/${admin.id}/two-factor`, undefined, 403)
  })

  it('lets the operator reset it from the command line', async () => {
    const t = await createTestApp()
    const { user } = await enrolledUser(t, 'staff')
    const out: string[] = []
    const err: string[] = []
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }
    expect(await runAdminCommand(t.deps, ['reset-2fa', '--email', user.email.toUpperCase()], io)).toBe(0)
    expect(out.join('\n')).toBe(
      `Two-factor sign-in of ${user.email} is reset; they were e-mailed and can sign in with their password.`,
    )
    expect(await auditOf(t, 'two_factor.reset')).toMatchObject([{ actorId: null, targetId: user.id }])
    expect((await signInAs(t, user.email, user.plainPassword)).signedIn).toBe(true)

    out.length = 0
    expect(await runAdminCommand(t.deps, ['reset-2fa', '--email', user.email], io)).toBe(0)
    expect(out.join('\n')).toContain('did not have two-factor sign-in on')
    expect(await runAdminCommand(t.deps, ['reset-2fa', '--email', 'nobody@example.com'], io)).toBe(1)
    expect(err.join('\n')).toContain('No user with e-mail nobody@example.com')
  })
})
