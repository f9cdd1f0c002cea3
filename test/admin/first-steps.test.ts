import { describe, expect, it } from 'vitest'
import type { FirstSteps } from '../../src/shared/contract/first-steps'
import { insertProduct } from '../support/factories'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The first steps of a new site on the admins' dashboard: each ticked from what the server sees (a
// logo, a product, an invitation or a staff member, the inbound mailbox configured and reached), and a
// Hide that every admin sees remembered. Only admins may ask.

const IMAP = { INBOUND_IMAP_URL: 'imap://depot:secret@127.0.0.1:1/INBOX' }

const done = (steps: FirstSteps) => Object.fromEntries(steps.steps.map((s) => [s.key, s.done]))

async function stepsOf(client: Parameters<typeof call>[0]) {
  return (await call(client, 'GET', '/api/admin/first-steps', undefined, 200)) as FirstSteps
}

describe('first steps', () => {
  it('ticks each step as it is done, and hides the card once they all are', async () => {
    const t = await createTestApp({ env: IMAP })
    const admin = await signedIn(t, { role: 'admin' })
    const before = await stepsOf(admin.client)
    expect(before.steps.map((s) => s.key)).toEqual(['logo', 'product', 'staff', 'mailbox'])
    expect(done(before)).toEqual({ logo: false, product: false, staff: false, mailbox: false })
    expect(before).toMatchObject({ hidden: false, show: true })

    await insertProduct(t.database.db)
    await t.database.db
      .insertInto('site_images')
      .values({
        kind: 'logo',
        contentType: 'image/png',
        bytes: Buffer.from('png'),
        updatedAt: t.clock.now.toISOString(),
      })
      .execute()
    await signedIn(t, { role: 'staff', functions: ['AccessShop'] })
    expect(done(await stepsOf(admin.client))).toEqual({
      logo: true,
      product: true,
      staff: true,
      mailbox: false,
    })

    // Configured is not enough: the mailbox must have been read once. A failed attempt does not count.
    const mailbox = t.deps.env.inbound.imap!.mailbox
    await t.database.db
      .insertInto('inbound_mailbox_state')
      .values({ mailbox, last_error: 'Connection refused', last_error_at: t.clock.now.toISOString() })
      .execute()
    expect(done(await stepsOf(admin.client)).mailbox).toBe(false)
    await t.database.db
      .updateTable('inbound_mailbox_state')
      .set({ last_error: null, last_error_at: null, last_success_at: t.clock.now.toISOString() })
      .execute()
    const after = await stepsOf(admin.client)
    expect(done(after)).toEqual({ logo: true, product: true, staff: true, mailbox: true })
    expect(after).toMatchObject({ hidden: false, show: false })
  })

  it('counts a sent invitation, leaves the mailbox undone without INBOUND_IMAP_URL, and remembers Hide', async () => {
    const t = await createTestApp()
    const admin = await signedIn(t, { role: 'admin' })
    const other = await signedIn(t, { role: 'admin' })
    await call(
      admin.client,
      'POST',
      '/api/admin/invitations',
      { email: 'new-staff@example.com', role: 'staff', staffFunctions: ['AccessShop'] },
      201,
    )
    await t.database.db
      .insertInto('inbound_mailbox_state')
      .values({ mailbox: 'INBOX', last_success_at: t.clock.now.toISOString() })
      .execute()
    expect(done(await stepsOf(admin.client))).toMatchObject({ staff: true, mailbox: false })

    const hidden = (await call(
      admin.client,
      'POST',
      '/api/admin/first-steps/hide',
      undefined,
      200,
    )) as FirstSteps
    expect(hidden).toMatchObject({ hidden: true, show: false })
    expect(await stepsOf(other.client)).toMatchObject({ hidden: true, show: false })
  })

  it('is for admins only', async () => {
    const t = await createTestApp()
    const staff = await signedIn(t, {
      role: 'staff',
      functions: ['AccessShop', 'ManageFeedback', 'ManageFolders'],
    })
    const customer = await signedIn(t)
    for (const person of [staff, customer]) {
      await call(person.client, 'GET', '/api/admin/first-steps', undefined, 403)
      await call(person.client, 'POST', '/api/admin/first-steps/hide', undefined, 403)
    }
    await call(t, 'GET', '/api/admin/first-steps', undefined, 401)
    await call(t, 'POST', '/api/admin/first-steps/hide', undefined, 401)
  })
})
