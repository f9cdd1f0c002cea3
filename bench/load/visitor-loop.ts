import { expectStatus, type HttpClient, json } from './http-client'
import type { Recorder } from './recorder'
import type { LoopControl } from './user-loop'

// An anonymous visitor browsing the shop as a browser would fetch it, without running its scripts: the
// server-rendered /shop, a page of the catalogue as JSON (what the grid asks for when paging), a
// product's server-rendered page and its cover image.

export async function visitorLoop(
  client: HttpClient,
  recorder: Recorder,
  products: { id: string; slug: string }[],
  control: LoopControl,
): Promise<void> {
  const html = { Accept: 'text/html' }
  const api = { Accept: 'application/json' }
  for (let round = 0; control.running(); round++) {
    await recorder.time('shop page', async () =>
      expectStatus(await client.send('GET', '/shop', html), 200, 'GET /shop'),
    )
    await control.think()
    await recorder.time('catalogue JSON', async () => {
      const page = expectStatus(
        await client.send('GET', `/api/shop/products?page=${1 + (round % 2)}`, api),
        200,
        'GET /api/shop/products',
      )
      json(page)
    })
    await control.think()
    const product = products[Math.floor(Math.random() * products.length)]!
    await recorder.time('product page', async () =>
      expectStatus(await client.send('GET', `/shop/${product.slug}`, html), 200, 'GET /shop/:slug'),
    )
    await recorder.time('product cover', async () =>
      expectStatus(
        await client.send('GET', `/api/shop/products/${product.id}/cover/400`, { Accept: 'image/*' }),
        200,
        'GET /api/shop/products/:id/cover/400',
      ),
    )
    await control.think()
  }
}
