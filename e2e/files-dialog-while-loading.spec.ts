import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'

// A dialog opened while the page behind it is still loading keeps what the user typed when the
// listing arrives: the New folder dialog is not mounted afresh when the listing's loading state gives
// way to its contents (a changed child followed by an empty slot), so the name typed so far stays.

const tag = `dlg${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const owner = {
  email: `${tag}.owner@example.test`,
  password: `e2e-password-${tag}`,
  firstName: 'Tola',
  lastName: `Typist${tag}`,
  verified: true,
}

test('a folder name typed before the listing arrives is kept and the folder is created', async ({ page }) => {
  await createUsers([owner])
  await signIn(page, owner.email, owner.password)
  // The listing is held back until the name is typed.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/api\/folders\?/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/files')
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeAttached()
  await page.getByRole('button', { name: 'New folder' }).click()
  const name = `Early ${tag}`
  await page.getByLabel('Folder name').fill(name)
  release()
  await expect(page.getByText('You have no folders of your own yet', { exact: false })).toBeVisible()
  await expect(page.getByLabel('Folder name')).toHaveValue(name)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('link', { name })).toBeVisible()
})
