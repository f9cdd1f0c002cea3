import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { createUsers, csvRecords, type NewUser, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'

// The admin's users table and user page (product.md §6): search, filter, sort, page,
// the URL keeping all of it through reload and back, the CSV export of exactly the filtered rows,
// and changing a user's role, staff functions and restriction. Other tests share the server, so
// every user here carries a unique tag in their e-mail and the table is always searched by it.

const tag = `adm${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const pad = (i: number) => String(i).padStart(2, '0')

interface Seed extends NewUser {
  name: string
}

const admin: Seed = {
  email: `${tag}.admin@example.test`,
  password,
  firstName: 'Ada',
  lastName: 'Admin',
  name: 'Ada Admin',
  role: 'admin',
  verified: true,
}
// Thirteen members: staff 4 and 8, corporate every third, verified the even ones, 13 restricted.
const members: Seed[] = Array.from({ length: 13 }, (_, index) => {
  const i = index + 1
  const corporate = i % 3 === 0
  return {
    email: `${tag}.m${pad(i)}@example.test`,
    password,
    firstName: `Member${pad(i)}`,
    lastName: 'Test',
    name: `Member${pad(i)} Test`,
    role: i === 4 || i === 8 ? 'staff' : 'user',
    functions: i === 4 || i === 8 ? ['ManageFeedback'] : [],
    verified: i % 2 === 0,
    accountType: corporate ? 'corporate' : 'individual',
    ...(corporate ? { businessName: `Biz ${pad(i)}`, industry: 'Retail' } : {}),
    restricted: i === 13,
  }
})
const everyone = [admin, ...members]
const byNumber = (i: number) => members[i - 1]!

test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async () => {
  // Fourteen runs of the command line (password hashing included) take a while on two cores.
  test.setTimeout(180_000)
  await createUsers(everyone)
})

// Radix repeats a toast's text in a screen-reader announcement for a moment: either copy will do.
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first()
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' })
const bodyRows = (page: Page) => usersTable(page).locator('tbody tr')

/** The e-mail addresses in the table, top to bottom. */
async function shownEmails(page: Page): Promise<string[]> {
  const headers = await usersTable(page).getByRole('rowheader').allInnerTexts()
  return headers.map((text) => text.match(/\S+@\S+/)?.[0] ?? text)
}

async function searchForTag(page: Page) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(tag)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`))
  await expect(bodyRows(page)).toHaveCount(everyone.length)
}

test('an admin searches, filters, sorts and pages the users, and the URL keeps the view', async ({
  page,
}) => {
  await signIn(page, admin.email, admin.password)
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()

  // Search (debounced, replaces the history entry rather than adding one per keystroke).
  await searchForTag(page)
  await expect(page.getByText(`Showing 1–${everyone.length} of ${everyone.length}`)).toBeVisible()
  await expect(usersTable(page).getByRole('row', { name: new RegExp(byNumber(13).name) })).toContainText(
    'Restricted',
  )

  // Filter: verified e-mail only.
  await page.getByLabel('E-mail verified', { exact: true }).selectOption('true')
  await expect(page).toHaveURL(/[?&]verified=true/)
  const verified = everyone.filter((u) => u.verified)
  await expect(bodyRows(page)).toHaveCount(verified.length)

  // Sort by name: ascending, then descending.
  const nameHeader = usersTable(page).getByRole('columnheader', { name: 'Name' })
  await nameHeader.getByRole('button').click()
  await expect(page).toHaveURL(/[?&]sort=name/)
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
  const ascending = verified.map((u) => u.name).sort((a, b) => a.localeCompare(b))
  await expect(usersTable(page).getByRole('rowheader').first()).toContainText(ascending[0]!)
  await nameHeader.getByRole('button').click()
  await expect(page).not.toHaveURL(/[?&]order=asc/) // descending is the default order: left out
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(usersTable(page).getByRole('rowheader').first()).toContainText(ascending.at(-1)!)

  // Reload keeps search, filter and sort.
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(tag)
  await expect(page.getByLabel('E-mail verified', { exact: true })).toHaveValue('true')
  await expect(usersTable(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(usersTable(page).getByRole('rowheader').first()).toContainText(ascending.at(-1)!)
  expect(await shownEmails(page)).toEqual(
    [...verified].sort((a, b) => b.name.localeCompare(a.name)).map((u) => u.email),
  )

  // Back undoes one step (descending → ascending), forward redoes it.
  await page.goBack()
  await expect(usersTable(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await expect(usersTable(page).getByRole('rowheader').first()).toContainText(ascending[0]!)
  await page.goBack()
  await expect(page).not.toHaveURL(/sort=name/)
  await expect(page.getByLabel('E-mail verified', { exact: true })).toHaveValue('true')
  await page.goForward()
  await expect(usersTable(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )

  // Paging: clear the filter, ten per page, next page; the page survives a reload.
  await page.getByLabel('E-mail verified', { exact: true }).selectOption('')
  await expect(bodyRows(page)).toHaveCount(everyone.length)
  await page.getByLabel('Rows per page').selectOption('10')
  await expect(page).toHaveURL(/[?&]pageSize=10/)
  await expect(bodyRows(page)).toHaveCount(10)
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  const firstPage = await shownEmails(page)
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(bodyRows(page)).toHaveCount(everyone.length - 10)
  await expect(page.getByText(`Showing 11–${everyone.length} of ${everyone.length}`)).toBeVisible()
  const secondPage = await shownEmails(page)
  expect(new Set([...firstPage, ...secondPage])).toEqual(new Set(everyone.map((u) => u.email)))
  await page.reload()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(everyone.length - 10)

  // A filter change goes back to page 1, and parameters the table does not know are kept.
  await page.goto(`/admin/users?q=${tag}&pageSize=10&page=2&keep=me`)
  await expect(bodyRows(page)).toHaveCount(everyone.length - 10)
  await page.getByLabel('Account type', { exact: true }).selectOption('corporate')
  await expect(page).toHaveURL(/[?&]account_type=corporate/)
  await expect(page).toHaveURL(/[?&]keep=me/)
  await expect(page).not.toHaveURL(/[?&]page=2/)
  const corporate = everyone.filter((u) => u.accountType === 'corporate')
  const corporateEmails = corporate.map((u) => u.email).sort()
  // As many rows as page 2 had: wait for these very rows, not just their number.
  await expect.poll(async () => (await shownEmails(page)).sort()).toEqual(corporateEmails)

  // The CSV export holds exactly the filtered rows (every page of them), as RFC 4180 with a BOM.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/)
  const file = await download.path()
  const text = fs.readFileSync(file, 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const records = csvRecords(text)
  expect(records.map((r) => r.email).sort()).toEqual(corporateEmails)
  for (const record of records) expect(record.account_type).toBe('corporate')

  // Columns: hide one; the choice is in the URL and survives a reload.
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('menuitemcheckbox', { name: 'Account type' }).click()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/[?&]hide=/)
  await expect(usersTable(page).getByRole('columnheader', { name: 'Account type' })).toHaveCount(0)
  await page.reload()
  await expect(usersTable(page).getByRole('columnheader', { name: 'Account type' })).toHaveCount(0)
  await expect(usersTable(page).getByRole('columnheader', { name: 'Role' })).toBeVisible()

  // Selection and a bulk action.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('checkbox', { name: `Select ${byNumber(3).name}` }).check()
  await page.getByRole('checkbox', { name: `Select ${byNumber(6).name}` }).check()
  const bar = page.getByRole('region', { name: 'Selected rows' })
  await expect(bar).toContainText('2 selected')
  await bar.getByRole('button', { name: 'Copy e-mail addresses' }).click()
  await expect(toastText(page, 'Copied 2 e-mail addresses')).toBeVisible()
  await expect(bar).toBeHidden()
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
  await expect(bar).toContainText(`${corporate.length} selected`)
  await bar.getByRole('button', { name: 'Clear selection' }).click()
  await expect(bar).toBeHidden()

  // Clear filters empties the search box too.
  await page.getByRole('button', { name: 'Clear filters' }).first().click()
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('')
  await expect(page).not.toHaveURL(/[?&](q|account_type)=/)
  await expect(page).toHaveURL(/[?&]keep=me/)
})

test('a search that matches nothing says so and offers to clear the filters', async ({ page }) => {
  await signIn(page, admin.email, admin.password)
  await page.goto(`/admin/users?q=${encodeURIComponent(`${tag}%_nobody`)}`)
  await expect(page.getByRole('heading', { name: 'No matches' })).toBeVisible()
  // % and _ are literal: they do not match "anything".
  await page.getByRole('searchbox', { name: 'Search users' }).fill(`${tag}.m1_`)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}\\.m1_$`))
  await expect(page.getByRole('heading', { name: 'No matches' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search users' }).fill(`${tag}.m1`)
  await expect(bodyRows(page)).toHaveCount(4) // m10 to m13
  await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).first().click()
  await expect(page).not.toHaveURL(/[?&]q=/)
})

test('an admin changes a user’s role, staff functions and restriction', async ({ page }) => {
  const target = byNumber(1)
  await signIn(page, admin.email, admin.password)
  await page.goto(`/admin/users?q=${tag}`)
  await usersTable(page).getByRole('link', { name: target.name }).click()
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible()
  const userUrl = page.url()

  // Make them staff with two functions.
  const role = page.getByLabel('Role', { exact: true })
  await expect(role).toHaveValue('user')
  await role.selectOption('staff')
  await page.getByLabel('Manage folders').check()
  await page.getByLabel('Upload products').check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toastText(page, 'Access updated')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('staff')
  await expect(page.getByLabel('Manage folders')).toBeChecked()
  await expect(page.getByLabel('Upload products')).toBeChecked()
  await expect(page.getByLabel('Access shop')).not.toBeChecked()

  // Change only the functions.
  await page.getByLabel('Manage folders').uncheck()
  await page.getByLabel('Manage feedback').check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toastText(page, 'Access updated')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Manage folders')).not.toBeChecked()
  await expect(page.getByLabel('Upload products')).toBeChecked()
  await expect(page.getByLabel('Manage feedback')).toBeChecked()

  // Restrict, after confirming.
  await page.getByRole('button', { name: 'Restrict account' }).click()
  const dialog = page.getByRole('alertdialog', { name: `Restrict ${target.name}?` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Restrict account' }).click()
  await expect(toastText(page, 'Account restricted')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Lift restriction' })).toBeVisible()

  // Back to the table, in the view it came from; the restricted filter finds them.
  await page.getByRole('link', { name: 'All users' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${tag}$`))
  await page.getByLabel('Restricted', { exact: true }).selectOption('true')
  await expect(bodyRows(page)).toHaveCount(2)
  expect((await shownEmails(page)).sort()).toEqual([target.email, byNumber(13).email].sort())
  const row = usersTable(page).getByRole('row', { name: new RegExp(target.name) })
  await expect(row).toContainText('Staff')
  await expect(row).toContainText('Upload products')

  // Lift it again.
  await page.goto(userUrl)
  await page.getByRole('button', { name: 'Lift restriction' }).click()
  await page
    .getByRole('alertdialog', { name: `Lift the restriction on ${target.name}?` })
    .getByRole('button', { name: 'Lift restriction' })
    .click()
  await expect(toastText(page, 'Restriction lifted')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Restrict account' })).toBeVisible()
})

test('an admin cannot demote or restrict themself: the page does not offer it', async ({ page }) => {
  await signIn(page, admin.email, admin.password)
  await page.goto(`/admin/users?q=${encodeURIComponent(admin.email)}`)
  await usersTable(page).getByRole('link', { name: admin.name }).click()
  await expect(page.getByRole('heading', { level: 1, name: admin.name })).toBeVisible()
  await expect(page.getByLabel('Role', { exact: true })).toBeDisabled()
  await expect(page.getByText('You cannot change this role')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Restrict account' })).toHaveCount(0)
  await expect(page.getByText('You cannot restrict this account')).toBeVisible()
})

test('a signed-in non-admin is told they are not allowed; a visitor is sent to sign in', async ({
  page,
  browserIssues,
}) => {
  const member = byNumber(2) // verified, role user
  await signIn(page, member.email, member.password)
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible()
  await page.goto(`/admin/users/${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible()

  await page.context().clearCookies()
  await page.goto('/admin/users?role=staff')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    `/sign-in?callbackUrl=${encodeURIComponent('/admin/users?role=staff')}`,
  )
  // The browser logs the 401 and 403 answers as console errors; here they are what is being tested.
  browserIssues.clear()
})
