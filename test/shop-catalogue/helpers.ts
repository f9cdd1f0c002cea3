import sharp from 'sharp'
import { expect } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import type { StaffFunction } from '../../src/shared/enums'
import { insertUserWithPassword } from '../support/factories'
import { CookieClient } from '../support/http-client'
import { TEST_ORIGIN, type TestApp } from '../support/test-app'

/** A signed-in user with a role and staff functions. */
export async function signedIn(
  t: TestApp,
  role: 'user' | 'staff' | 'admin',
  functions: StaffFunction[] = [],
  overrides: Partial<DB['users']> = {},
) {
  const user = await insertUserWithPassword(t.database.db, 'shop test password', {
    role,
    staffFunctions: JSON.stringify(functions),
    ...overrides,
  })
  const client = new CookieClient(t.app)
  const res = await client.signIn(user.email, user.plainPassword)
  expect(res.status).toBeLessThan(400)
  return { user, client }
}

/** An upload as the web app sends it: the bytes as the body, same origin. */
export function upload(client: CookieClient, path: string, body: BodyInit, type: string, method = 'PUT') {
  return client.request(path, { method, headers: { Origin: TEST_ORIGIN, 'Content-Type': type }, body })
}

/** A real picture of the given size, as a PNG. */
export async function picture(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer()
  return new Uint8Array(png)
}

export const productInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Brand guide',
  type: 'E-book',
  price: 250000,
  description: 'A **guide**.',
  product_url: 'https://example.com/guide',
  isPublished: true,
  ...overrides,
})
