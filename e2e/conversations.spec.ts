import type { Page } from '@playwright/test'
import { ImapFlow } from 'imapflow'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { waitForMail } from './support/mailbox'

// A conversation end to end (decision 0134): a customer with an account asks for a quote; staff reply
// from the entry's page and resolve it; the customer, signed in, reads the reply under My requests and
// answers there; staff see the answer in the thread and the entry open again. Then (when the run has a
// dovecot mailbox, e2e/support/global-setup.ts) the customer answers the staff's e-mail from a mail
// client: the answer, delivered into the mailbox by IMAP APPEND, joins the thread, marked "by e-mail".
// Each page is checked with axe at a phone's and a desktop's width, in light and dark.

const tag = `cnv${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const customer = { email: `${tag}.customer@example.test`, first: 'Cora', last: `Customer${tag}` }
const staff = { email: `${tag}.staff@example.test`, first: 'Sol', last: 'Staff' }
const reply = `Five hundred tri-fold brochures come to 120 000 (${tag}).`
const answer = `Lovely, please go ahead (${tag}).`

const VIEWS = [
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 1280, height: 800, colorScheme: 'dark' },
  { width: 390, height: 844, colorScheme: 'dark' },
  { width: 1280, height: 800, colorScheme: 'light' },
] as const

test.describe.configure({ mode: 'serial', timeout: 90_000 })

let quoteId = ''

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([
    { email: customer.email, password, firstName: customer.first, lastName: customer.last, verified: true },
    {
      email: staff.email,
      password,
      firstName: staff.first,
      lastName: staff.last,
      role: 'staff',
      functions: ['ManageFeedback'],
      verified: true,
    },
  ])
})

/** axe on the settled page, in each width and theme; the page ends in the first. */
async function expectAccessibleEverywhere(page: Page) {
  for (const view of [...VIEWS.slice(1), VIEWS[0]]) {
    await page.setViewportSize({ width: view.width, height: view.height })
    await page.emulateMedia({ colorScheme: view.colorScheme })
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    await expect.poll(() => seriousViolations(page)).toEqual([])
  }
}

const writeHeaders = () => ({ Origin: process.env.DEPOT_E2E_BASE_URL! })

test('a signed-in customer asks for a quote', async ({ page }) => {
  await signIn(page, customer.email, password)
  const setup = await page.request.get('/api/inbox/form')
  const { formToken } = (await setup.json()) as { formToken: string }
  // Sent until the minimum fill time has passed: an early form is answered as accepted and dropped.
  await expect
    .poll(
      async () => {
        await page.request.post('/api/inbox/quotes', {
          headers: writeHeaders(),
          data: {
            first_name: customer.first,
            last_name: customer.last,
            email: customer.email,
            message: `Five hundred brochures, please (${tag}).`,
            formToken,
          },
        })
        const mine = await page.request.get('/api/me/requests')
        const items = ((await mine.json()) as { items: { id: string; message: string }[] }).items
        quoteId = items.find((r) => r.message.includes(tag))?.id ?? ''
        return quoteId
      },
      { intervals: [1_000], timeout: 20_000 },
    )
    .not.toBe('')
})

test('staff reply from the entry page and resolve it; the reply is mailed to the customer', async ({
  page,
}) => {
  await signIn(page, staff.email, password)
  await page.goto(`/staff/quotes/${quoteId}`)
  await expect(
    page.getByRole('heading', { level: 1, name: `${customer.first} ${customer.last}` }),
  ).toBeVisible()
  await page.getByLabel('Your reply').fill(reply)
  await page.getByRole('button', { name: 'Send reply' }).click()
  const thread = page.getByRole('list', { name: 'Conversation' })
  await expect(thread).toContainText(reply)
  await page.getByRole('button', { name: 'Mark resolved' }).click()
  await expect(page.getByText('Marked resolved').first()).toBeVisible()
  await expectAccessibleEverywhere(page)
  const mail = await waitForMail(customer.email, /^Re: your quote request/)
  expect(mail.text).toContain(reply)
})

test('the customer reads the reply under My requests and answers it there', async ({ page }) => {
  await signIn(page, customer.email, password)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/account/requests')
  await expect(page.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible()
  const row = page.getByRole('listitem').filter({ hasText: '1 reply' })
  await expect(row).toContainText('Resolved')
  await expectAccessibleEverywhere(page)
  await page.getByRole('link', { name: 'Quote request', exact: false }).first().click()
  await expect(page).toHaveURL(new RegExp(`/account/requests/quote/${quoteId}$`))
  const thread = page.getByRole('list', { name: 'Conversation' })
  await expect(thread).toContainText(reply)
  await expect(thread).toContainText(`${staff.first} ${staff.last}`)
  await expectAccessibleEverywhere(page)

  // An empty answer is refused by the form itself, next to the box.
  await page.getByRole('button', { name: 'Send answer' }).click()
  await expect(page.getByText('Write the message.')).toBeVisible()
  await page.getByLabel('Your answer').fill(answer)
  await page.getByRole('button', { name: 'Send answer' }).click()
  await expect(page.getByText('Answer sent').first()).toBeVisible()
  await expect(thread).toContainText(answer)
  await expect(page.getByLabel('Your answer')).toHaveValue('')
  // Answering opened the request again.
  await expect(page.getByText('Open', { exact: true })).toBeVisible()
  await expectAccessibleEverywhere(page)
})

test("staff see the customer's answer in the thread, and the entry open again", async ({ page }) => {
  await signIn(page, staff.email, password)
  await page.goto(`/staff/quotes/${quoteId}`)
  const thread = page.getByRole('list', { name: 'Conversation' })
  await expect(thread).toContainText(answer)
  await expect(thread).toContainText('on the website')
  await expect(page.getByRole('button', { name: 'Mark resolved' })).toBeVisible()
  await expect(page.getByText('Not yet')).toBeVisible()
  await expectAccessibleEverywhere(page)
})

/** Delivers a raw message into the run's mailbox, as the business's mail server would. */
async function deliver(raw: string): Promise<void> {
  const url = new URL(process.env.DEPOT_E2E_IMAP_URL!)
  const client = new ImapFlow({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
  })
  await client.connect()
  try {
    await client.append(decodeURIComponent(url.pathname.slice(1)) || 'INBOX', raw)
  } finally {
    await client.logout()
  }
}

test('the customer answers the e-mail from their mail client, and the answer joins the thread', async ({
  page,
}) => {
  // The answer travels through a real IMAP mailbox, Debian's dovecot, which the global setup starts
  // when it is installed (.ci/run installs it, so CI always runs this test). A machine without it
  // has nowhere to deliver the answer: the test says so instead of failing on a missing mailbox.
  test.skip(!process.env.DEPOT_E2E_IMAP_URL, 'the run has no IMAP mailbox (dovecot is not installed)')
  const staffMail = await waitForMail(customer.email, /^Re: your quote request/)
  const replyTo = staffMail.headers.get('reply-to') ?? ''
  const inReplyTo = staffMail.headers.get('message-id') ?? ''
  expect(replyTo).toMatch(/inbox\+[a-z2-7]+@depot\.test/)
  const byMail = `Answering by e-mail this time (${tag}).`
  await deliver(
    [
      `From: ${customer.first} ${customer.last} <${customer.email}>`,
      `To: ${replyTo}`,
      'Subject: Re: your quote request',
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <mail-${tag}@example.test>`,
      `In-Reply-To: ${inReplyTo}`,
      `References: ${inReplyTo}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=UTF-8',
      '',
      byMail,
      '',
      `On ${new Date().toDateString()}, ${staff.first} wrote:`,
      `> ${reply}`,
      '',
    ].join('\r\n'),
  )

  await signIn(page, staff.email, password)
  await page.goto(`/staff/quotes/${quoteId}`)
  const thread = page.getByRole('list', { name: 'Conversation' })
  // The reader picks it up within seconds (IDLE); the page shows it on a reload.
  await expect(async () => {
    await page.reload()
    await expect(thread).toContainText(byMail, { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  const answer = thread.getByRole('listitem').filter({ hasText: byMail })
  await expect(answer).toContainText('by e-mail')
  await expect(answer.getByText('Show quoted text')).toBeVisible()
  await expectAccessibleEverywhere(page)

  // The customer sees it too, as their own answer.
  await signIn(page, customer.email, password)
  await page.goto(`/account/requests/quote/${quoteId}`)
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText(byMail)
})
