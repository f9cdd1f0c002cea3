import type { Page } from '@playwright/test'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { waitForMail } from './support/mailbox'

// Answering from the inbox: a visitor asks for a quote; a staff member replies from the entry page
// (the sender gets the e-mail, the thread shows it), adds an internal note (never mailed) and gives
// the entry to a teammate, who finds it under "Assigned to me" and was told by the bell.

const tag = `cnv${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const visitor = { first: 'Vera', last: `Visitor${tag}`, email: `${tag}.visitor@example.test` }
const sol = { email: `${tag}.sol@example.test`, first: 'Sol', last: `Staff${tag}` }
const tia = { email: `${tag}.tia@example.test`, first: 'Tia', last: `Team${tag}` }

test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers(
    [sol, tia].map((p) => ({
      email: p.email,
      password,
      firstName: p.first,
      lastName: p.last,
      role: 'staff' as const,
      functions: ['ManageFeedback' as const],
      verified: true,
    })),
  )
})

async function expectAccessible(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect.poll(() => seriousViolations(page)).toEqual([])
}

test('a visitor asks for a quote', async ({ page }) => {
  await page.goto('/quote')
  const form = page.getByRole('form', { name: 'Quote request' })
  await form.getByLabel('First name').fill(visitor.first)
  await form.getByLabel('Last name').fill(visitor.last)
  await form.getByLabel('E-mail address').fill(visitor.email)
  await form.getByLabel('What do you need?').fill(`Two banners, please (${tag}).`)
  await form.getByRole('button', { name: 'Send quote request' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Quote request sent' })).toBeVisible()
})

test('staff reply, keep a note and give the entry to a teammate', async ({ page }) => {
  await signIn(page, sol.email, password)
  await page.goto(`/staff/quotes?q=${visitor.last}`)
  const table = page.getByRole('table', { name: 'Quote requests' })
  await table.getByRole('link', { name: `${visitor.first} ${visitor.last}` }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `${visitor.first} ${visitor.last}` }),
  ).toBeVisible()
  await expect(page.getByText('No replies or notes yet.')).toBeVisible()

  // An empty reply is refused on the field, and nothing is sent.
  await page.getByRole('button', { name: 'Send reply' }).click()
  await expect(page.getByText('Write the message.')).toBeVisible()

  await page.getByLabel('Your reply').fill(`Hello Vera,\nTwo banners come to ₦40,000 (${tag}).`)
  await page.getByRole('button', { name: 'Send reply' }).click()
  const thread = page.getByRole('list', { name: 'Conversation' })
  await expect(thread.getByText(`Two banners come to ₦40,000 (${tag}).`)).toBeVisible()
  await expect(page.getByLabel('Your reply')).toHaveValue('')

  const mail = await waitForMail(visitor.email, /Re: your quote request/)
  expect(mail.text).toContain(`Two banners come to ₦40,000 (${tag}).`)
  expect(mail.text).toContain(`${sol.first} ${sol.last}`)

  await page.getByRole('radio', { name: 'Internal note' }).check()
  await page.getByLabel('Note for the team').fill(`Check the banner stock (${tag}).`)
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(thread.getByText(`Check the banner stock (${tag}).`)).toBeVisible()
  await expect(thread.getByText('added an internal note')).toBeVisible()

  await page.getByLabel('Assigned to').selectOption({ label: `${tia.first} ${tia.last}` })
  // The toast's title (its live region repeats it after the word "Notification").
  await expect(page.getByText(`Assigned to ${tia.first} ${tia.last}`, { exact: true })).toBeVisible()
  await expectAccessible(page)

  // The note never reached the visitor.
  await expect.poll(() => mail.text?.includes('banner stock')).toBe(false)
})

test('the teammate finds it under "Assigned to me"', async ({ page }) => {
  await signIn(page, tia.email, password)
  await page.goto('/staff/quotes?assigned=me')
  const table = page.getByRole('table', { name: 'Quote requests' })
  await expect(table.getByRole('link', { name: `${visitor.first} ${visitor.last}` })).toBeVisible()
  await expect(page.getByLabel('Assigned')).toHaveValue('me')
  await page.goto('/notifications')
  await expect(
    page.getByText(`assigned you the quote request from ${visitor.first} ${visitor.last}`),
  ).toBeVisible()
})
