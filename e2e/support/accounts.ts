import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect } from './fixtures'

// Helpers for the accounts journeys: unique people, a sign-up made over the API, a picture made on
// the spot.

let counter = 0

/**
 * An address no other test (or earlier run against the same server) uses. Every worker loads every
 * spec at the same moment, so the time and counter alone repeat across workers: a random part does not.
 */
export function uniqueEmail(label: string): string {
  const random = randomBytes(4).toString('hex')
  return `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}${random}@example.test`
}

/** A password that passes the server's rules (8+ characters, not a common one). */
export const PASSWORD = 'correct horse battery staple 42'

/**
 * Signs up over the API, as the sign-up page would. Our CSRF defence wants the same-origin `Origin`
 * a browser sends; Playwright's request client sends none by itself.
 */
export async function signUpOverApi(
  request: APIRequestContext,
  person: { email: string; first_name: string; last_name: string; password?: string },
): Promise<void> {
  const origin = process.env.DEPOT_E2E_BASE_URL!
  const response = await request.post('/api/accounts/sign-up', {
    headers: { Origin: origin },
    data: { account_type: 'individual', password: PASSWORD, ...person },
  })
  expect(response.status(), await response.text()).toBe(202)
}

/** What Auth.js answers a credentials sign-in (`{ url }` with `error` and `code` when refused). */
export async function credentialsSignInUrl(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<URL> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string }
  const response = await request.post('/api/auth/callback/credentials', {
    headers: { 'X-Auth-Return-Redirect': '1' },
    form: { csrfToken, email, password, callbackUrl: '/' },
  })
  expect(response.status()).toBe(200)
  return new URL(((await response.json()) as { url: string }).url)
}

/** A photo-sized PNG (1200×800, a gradient), made with sharp when the test runs. */
export async function photoPng(): Promise<Buffer> {
  const width = 1200
  const height = 800
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      pixels[i] = Math.round((x / width) * 255)
      pixels[i + 1] = Math.round((y / height) * 255)
      pixels[i + 2] = 160
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** The header's account menu button (signed in), named by the user's first name. */
export const accountMenu = (page: Page, firstName: string) =>
  page.getByRole('banner').getByRole('button', { name: `Account menu: ${firstName}`, exact: true })
