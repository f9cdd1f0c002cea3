import type { Browser, Page } from '@playwright/test'
import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'
import { fitsAndPassesAxeInBothThemes } from './support/themes'

// The owner's words: an admin writes the home page's intro and cards and the shop's tagline on
// /admin/site (each field says what is wrong), and features two products in a chosen order; a visitor
// then sees them on the home page, server-rendered (also with scripts off), and on the shop; at 390 px
// and 1280 px, light and dark, axe clean. The words are shared by every test on this server, so the
// test puts the previous ones back when it is done, and leaves the shop's heading as it is (other
// specs look for it).

const tag = `ow${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const admin = {
  email: `${tag}.admin@example.test`,
  password: `e2e-password-${tag}`,
  firstName: 'Ife',
  lastName: 'Owner',
  role: 'admin' as const,
  verified: true,
}
const FIRST = `Poster pack ${tag}`
const SECOND = `Zine bundle ${tag}`
const TAGLINE = `Posters and zines from Lagos ${tag}`
const INTRO = `We draw **every poster** by hand ${tag}.`
const CARD = { title: `Made in Lagos ${tag}`, body: 'Printed on *recycled* paper.' }
const origin = () => process.env.DEPOT_E2E_BASE_URL!

test.describe.configure({ mode: 'serial', timeout: 180_000 })

async function createProduct(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/shop/products', {
    headers: { Origin: origin() },
    data: {
      name,
      type: 'Prints',
      price: 150_000,
      description: 'A print.',
      product_url: 'https://example.com/print',
      isPublished: true,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { slug: string }).slug
}

async function writeTheWords(page: Page) {
  await page.goto('/admin/site')
  const words = page.getByRole('region', { name: 'Home page and shop words' })
  await expect(words).toBeVisible()
  await words.getByLabel('Home page intro').fill(INTRO)
  await words.getByLabel('Shop tagline').fill(TAGLINE)
  await words.getByRole('button', { name: 'Write your own cards' }).click()
  // An empty title is refused next to its field, before anything is sent.
  await page.getByRole('button', { name: 'Save the words' }).click()
  await expect(words.getByLabel('Card 1 title')).toBeFocused()
  await expect(words.getByText('Give the card a title')).toBeVisible()
  await words.getByLabel('Card 1 title').fill('Second card')
  await words.getByRole('button', { name: 'Add a card' }).click()
  await words.getByLabel('Card 2 title').fill(CARD.title)
  await words.getByLabel('Card 2 text').fill(CARD.body)
  await words.getByRole('button', { name: 'Move up card 2' }).click()
  await expect(words.getByLabel('Card 1 title')).toHaveValue(CARD.title)
  await page.getByRole('button', { name: 'Save the words' }).click()
  await expect(page.getByText('Words saved', { exact: true })).toBeVisible()
}

async function featureTwo(page: Page) {
  const featured = page.getByRole('region', { name: 'Featured products' })
  for (const name of [SECOND, FIRST]) {
    await featured.getByLabel('Find products by name').fill(name)
    await featured.getByRole('checkbox', { name }).check()
  }
  const chosen = featured.getByRole('list', { name: 'Featured products, in order' })
  await expect(chosen.getByRole('listitem')).toHaveText([new RegExp(SECOND), new RegExp(FIRST)])
  await featured.getByRole('button', { name: `Move ${FIRST} up` }).click()
  await expect(chosen.getByRole('listitem')).toHaveText([new RegExp(FIRST), new RegExp(SECOND)])
  await page.getByRole('button', { name: 'Save featured products' }).click()
  await expect(page.getByText('Featured products saved', { exact: true })).toBeVisible()
}

async function visitorSees(browser: Browser, width: number, slugs: string[]) {
  const context = await browser.newContext({
    baseURL: origin(),
    viewport: { width, height: 900 },
    isMobile: width < 500,
    hasTouch: width < 500,
  })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByText(`by hand ${tag}`)).toBeVisible()
  await expect(page.locator('strong', { hasText: 'every poster' })).toBeVisible()
  const featured = page.getByRole('region', { name: 'Featured products' })
  await expect(featured.getByRole('heading', { level: 3 })).toHaveText([FIRST, SECOND])
  await expect(featured.getByRole('link', { name: FIRST })).toHaveAttribute('href', `/shop/${slugs[0]}`)
  await expect(page.getByRole('heading', { level: 2, name: CARD.title })).toBeVisible()
  await expect(page.locator('em', { hasText: 'recycled' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'What you can do here' })).toHaveCount(0)
  await fitsAndPassesAxeInBothThemes(page, `the home page at ${width} px`)

  await featured.getByRole('link', { name: SECOND }).click()
  await expect(page.getByRole('heading', { level: 1, name: SECOND })).toBeVisible()
  await page.goto('/shop')
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible()
  await expect(page.getByText(TAGLINE)).toBeVisible()
  await fitsAndPassesAxeInBothThemes(page, `the shop at ${width} px`)
  await context.close()
}

test('an admin writes the words and features two products; visitors see them on home and shop', async ({
  page,
  browser,
}) => {
  await createUsers([admin])
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, admin.email, admin.password)
  const slugs = [await createProduct(page, FIRST), await createProduct(page, SECOND)]
  const before = await (await page.request.get('/api/admin/site/words')).json()
  const featuredBefore = await (await page.request.get('/api/admin/shop/featured')).json()
  try {
    await writeTheWords(page)
    await featureTwo(page)
    await fitsAndPassesAxeInBothThemes(page, '/admin/site at 1280 px')
    await page.setViewportSize({ width: 390, height: 844 })
    await fitsAndPassesAxeInBothThemes(page, '/admin/site at 390 px')

    for (const width of [1280, 390]) await visitorSees(browser, width, slugs)

    // Without scripts, the server's page carries it all.
    const noScript = await browser.newContext({ baseURL: origin(), javaScriptEnabled: false })
    const plain = await noScript.newPage()
    await plain.goto('/')
    await expect(plain.getByText(`by hand ${tag}`)).toBeVisible()
    await expect(plain.getByRole('link', { name: FIRST })).toHaveAttribute('href', `/shop/${slugs[0]}`)
    await expect(plain.getByRole('heading', { level: 2, name: CARD.title })).toBeVisible()
    await noScript.close()
  } finally {
    await page.request.put('/api/admin/site/words', { data: before.saved, headers: { Origin: origin() } })
    await page.request.put('/api/admin/shop/featured', {
      data: { productIds: featuredBefore.items.map((p: { id: string }) => p.id) },
      headers: { Origin: origin() },
    })
  }
})
