import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'
import { PASSWORD } from './accounts'
import { createUsers } from './admin-users'
import { expect } from './fixtures'

// The page sweep's data and its list of pages. Every path of the web route table is either swept (with
// the role that opens it and how to build its address from the seeded data) or excluded with a reason;
// `unsweptRoutes()` finds a path that is neither, so a new page without a sweep entry fails a test.

export type Role = 'visitor' | 'customer' | 'admin'

export interface Seed {
  tag: string
  admin: { email: string; firstName: string }
  customer: { email: string; firstName: string; id: string }
  product: { id: string; slug: string; name: string }
  folder: { id: string; name: string }
  shareToken: string
  orderId: string
  quoteId: string
  contactId: string
}

export interface SweptPage {
  /** The route table's path pattern ('' for the index route). */
  route: string
  role: Role
  url: (seed: Seed) => string
  /** Text the settled page shows (beyond its level-1 heading), when the heading alone comes early. */
  shows?: (seed: Seed) => string
}

export const SWEPT: readonly SweptPage[] = [
  // Public pages, for a visitor.
  { route: '', role: 'visitor', url: () => '/' },
  { route: 'shop', role: 'visitor', url: () => '/shop', shows: (s) => s.product.name },
  { route: 'shop/:id', role: 'visitor', url: (s) => `/shop/${s.product.slug}`, shows: (s) => s.product.name },
  { route: 'cart', role: 'visitor', url: () => '/cart' },
  { route: 'quote', role: 'visitor', url: () => '/quote' },
  { route: 'contact', role: 'visitor', url: () => '/contact' },
  { route: 'ebook', role: 'visitor', url: () => '/ebook' },
  { route: 'ebook/download', role: 'visitor', url: () => '/ebook/download' },
  { route: 'ebook/unsubscribe', role: 'visitor', url: () => '/ebook/unsubscribe' },
  { route: 's/:token', role: 'visitor', url: (s) => `/s/${s.shareToken}`, shows: (s) => s.folder.name },
  { route: 'sign-in', role: 'visitor', url: () => '/sign-in' },
  { route: 'sign-up', role: 'visitor', url: () => '/sign-up' },
  { route: 'verify-email', role: 'visitor', url: () => '/verify-email' },
  { route: 'claim-account', role: 'visitor', url: () => '/claim-account' },
  { route: 'forgot-password', role: 'visitor', url: () => '/forgot-password' },
  { route: 'reset-password', role: 'visitor', url: () => '/reset-password' },
  { route: 'accept-invitation', role: 'visitor', url: () => '/accept-invitation' },
  { route: 'account-suspended', role: 'visitor', url: () => '/account-suspended' },
  { route: 'setup', role: 'visitor', url: () => '/setup' },
  { route: 'shop/checkout/callback', role: 'visitor', url: () => '/shop/checkout/callback' },
  { route: '*', role: 'visitor', url: () => '/no/such/page' },
  // A customer's pages.
  { route: 'files', role: 'customer', url: () => '/files', shows: (s) => s.folder.name },
  { route: 'files', role: 'customer', url: () => '/files?view=shared' },
  { route: 'files/:id', role: 'customer', url: (s) => `/files/${s.folder.id}` },
  { route: 'files/search', role: 'customer', url: (s) => `/files/search?q=${s.tag}` },
  { route: 'files/trash', role: 'customer', url: () => '/files/trash' },
  { route: 'profile', role: 'customer', url: () => '/profile' },
  { route: 'account/two-factor', role: 'customer', url: () => '/account/two-factor' },
  { route: 'account/orders', role: 'customer', url: () => '/account/orders', shows: (s) => s.product.name },
  { route: 'account/orders/:id', role: 'customer', url: (s) => `/account/orders/${s.orderId}` },
  {
    route: 'account/requests',
    role: 'customer',
    url: () => '/account/requests',
    shows: (s) => `Sweep ${s.tag}`,
  },
  {
    route: 'account/requests/:kind/:id',
    role: 'customer',
    url: (s) => `/account/requests/quote/${s.quoteId}`,
    shows: (s) => `A quote for the sweep ${s.tag}`,
  },
  { route: 'notifications', role: 'customer', url: () => '/notifications' },
  { route: 'account/notifications', role: 'customer', url: () => '/account/notifications' },
  // Staff and admin pages, for an admin (who holds every staff function).
  {
    route: 'staff/dashboard',
    role: 'admin',
    url: () => '/staff/dashboard',
    shows: () => 'Revenue and orders',
  },
  { route: 'staff/orders', role: 'admin', url: (s) => `/staff/orders?q=${s.tag}` },
  { route: 'staff/orders/:id', role: 'admin', url: (s) => `/staff/orders/${s.orderId}` },
  { route: 'staff/customers', role: 'admin', url: (s) => `/staff/customers?q=${s.tag}` },
  { route: 'staff/customers/:id', role: 'admin', url: (s) => `/staff/customers/${s.customer.id}` },
  { route: 'staff/discounts', role: 'admin', url: () => '/staff/discounts' },
  { route: 'staff/quotes', role: 'admin', url: (s) => `/staff/quotes?q=${s.tag}` },
  { route: 'staff/quotes/:id', role: 'admin', url: (s) => `/staff/quotes/${s.quoteId}` },
  { route: 'staff/contacts', role: 'admin', url: (s) => `/staff/contacts?q=${s.tag}` },
  { route: 'staff/contacts/:id', role: 'admin', url: (s) => `/staff/contacts/${s.contactId}` },
  { route: 'staff/ebook', role: 'admin', url: () => '/staff/ebook' },
  {
    route: 'admin/products',
    role: 'admin',
    url: (s) => `/admin/products?q=${s.tag}`,
    shows: (s) => s.product.name,
  },
  { route: 'admin/products/new', role: 'admin', url: () => '/admin/products/new' },
  { route: 'admin/products/:id', role: 'admin', url: (s) => `/admin/products/${s.product.id}` },
  { route: 'admin/users', role: 'admin', url: (s) => `/admin/users?q=${s.tag}` },
  { route: 'admin/users/:id', role: 'admin', url: (s) => `/admin/users/${s.customer.id}` },
  { route: 'admin/audit', role: 'admin', url: () => '/admin/audit' },
  { route: 'admin/security', role: 'admin', url: () => '/admin/security' },
  { route: 'admin/site', role: 'admin', url: () => '/admin/site' },
  { route: 'admin/inbox-settings', role: 'admin', url: () => '/admin/inbox-settings' },
  { route: 'admin/privacy', role: 'admin', url: () => '/admin/privacy' },
]

/** Paths of the route table the sweep leaves out, each with its reason. */
export const EXCLUDED: Readonly<Record<string, string>> = {}

const WEB = path.resolve(import.meta.dirname, '..', '..', 'src', 'web')

/** route-table.tsx and the pages it spreads in from routes/. */
function routeSources(): string {
  const parts = fs.readdirSync(path.join(WEB, 'routes')).map((name) => path.join(WEB, 'routes', name))
  return [path.join(WEB, 'route-table.tsx'), ...parts].map((file) => fs.readFileSync(file, 'utf8')).join('\n')
}

/** The route table's paths ('' for the index route), read from its source as the server's link check does. */
export function routeTablePaths(): string[] {
  const source = routeSources()
  const paths = [...source.matchAll(/\bpath:\s*'([^']*)'/g)].map((m) => m[1] ?? '')
  return /\bindex:\s*true\b/.test(source) ? ['', ...paths] : paths
}

export function unsweptRoutes(): string[] {
  const swept = new Set(SWEPT.map((p) => p.route))
  return routeTablePaths().filter((p) => !swept.has(p) && !(p in EXCLUDED))
}

const origin = () => process.env.DEPOT_E2E_BASE_URL!
const writeHeaders = () => ({ Origin: origin() })

/** An API client signed in through Auth.js's own calls, as the sign-in page posts them. */
async function apiAs(email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: origin() })
  const { csrfToken } = (await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string }
  const res = await api.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password: PASSWORD, callbackUrl: '/' },
    maxRedirects: 0,
  })
  expect(res.status(), `signing in as ${email}`).toBe(302)
  return api
}

async function created<T>(answer: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const res = await answer
  expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}

/**
 * One customer with a folder, a share link and a pending order; one admin with a published product,
 * and a quote and a contact message from the customer. Made over the API: the sweep looks at pages,
 * not at how their data was made.
 */
export async function seedSweep(): Promise<Seed> {
  const tag = `swp${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const admin = { email: `${tag}.admin@example.test`, firstName: 'Adanna' }
  const customer = { email: `${tag}.customer@example.test`, firstName: 'Kemi' }
  await createUsers([
    { ...admin, password: PASSWORD, lastName: `Admin${tag}`, role: 'admin', verified: true },
    { ...customer, password: PASSWORD, lastName: `Customer${tag}`, verified: true },
  ])
  const [adminApi, customerApi] = await Promise.all([apiAs(admin.email), apiAs(customer.email)])
  try {
    // The forms' signed issue time first: the minimum fill time runs while the rest is made.
    const form = await created<{ formToken: string }>(customerApi.get('/api/inbox/form'))
    const me = await created<{ id: string }>(customerApi.get('/api/me'))
    const productName = `Sweep kit ${tag}`
    const product = await created<{ id: string; slug: string }>(
      adminApi.post('/api/shop/products', {
        headers: writeHeaders(),
        data: {
          name: productName,
          type: `Kits ${tag}`,
          price: 250_000,
          description: `A kit for the page sweep, with a **long** description of what it holds. ${tag}`,
          product_url: 'https://example.com/kit',
          isPublished: true,
        },
      }),
    )
    const folderName = `Sweep folder ${tag}`
    const folder = await created<{ id: string }>(
      customerApi.post('/api/folders', { headers: writeHeaders(), data: { folder_name: folderName } }),
    )
    const link = await created<{ token: string }>(
      customerApi.post(`/api/folders/${folder.id}/links`, {
        headers: writeHeaders(),
        data: { mode: 'download' },
      }),
    )
    const order = await created<{ order_id: string }>(
      customerApi.post('/api/shop/checkout', {
        headers: writeHeaders(),
        data: { items: [{ product_id: product.id, quantity: 1 }] },
      }),
    )
    const person = { first_name: customer.firstName, last_name: `Customer${tag}`, email: customer.email }
    // Sent until the minimum fill time has passed: an early form is answered as accepted and dropped.
    await expect
      .poll(
        async () => {
          await customerApi.post('/api/inbox/quotes', {
            headers: writeHeaders(),
            data: { ...person, message: `A quote for the sweep ${tag}`, formToken: form.formToken },
          })
          return (await findEntry(adminApi, 'quotes', tag)) !== undefined
        },
        { intervals: [1_000], timeout: 20_000 },
      )
      .toBe(true)
    await created(
      customerApi.post('/api/inbox/contacts', {
        headers: writeHeaders(),
        data: { ...person, subject: `Sweep ${tag}`, message: 'A message', formToken: form.formToken },
      }),
    )
    const quoteId = (await findEntry(adminApi, 'quotes', tag))!
    let contactId: string | undefined
    await expect.poll(async () => (contactId = await findEntry(adminApi, 'contacts', tag))).toBeTruthy()
    return {
      tag,
      admin,
      customer: { ...customer, id: me.id },
      product: { id: product.id, slug: product.slug, name: productName },
      folder: { id: folder.id, name: folderName },
      shareToken: link.token,
      orderId: order.order_id,
      quoteId,
      contactId: contactId!,
    }
  } finally {
    await Promise.all([adminApi.dispose(), customerApi.dispose()])
  }
}

async function findEntry(api: APIRequestContext, kind: 'quotes' | 'contacts', tag: string) {
  const list = await created<{ items: { id: string }[] }>(api.get(`/api/inbox/${kind}?q=${tag}`))
  return list.items[0]?.id
}
