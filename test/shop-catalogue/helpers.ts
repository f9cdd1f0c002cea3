import sharp from 'sharp'
import type { CookieClient } from '../support/http-client'
import { TEST_ORIGIN } from '../support/test-app'

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
