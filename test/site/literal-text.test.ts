import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDetail } from '../../src/shared/contract/shop/products'
import { productInput } from '../shop-catalogue/helpers'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The business's and the products' own words reach the page head, the e-mails and the shop exactly as
// typed: every `$` pattern a String.replace replacement string would expand, quotes, `<`, `&` and bidi
// controls stay literal text (escaped where HTML needs it) and never copy or break the markup around.

const DOLLARS = "$& $` $' $$ $1 $<x>"
const TRICKY = `Ade ${DOLLARS} "Q" 'q' <b> & \u202Eevil\u202C \u2067iso\u2069`
const DESCRIPTION = `Prints ${DOLLARS} "quoted" <i>italic</i> & more \u202Bembedded\u202C`
const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Depot: ours." />' +
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Depot</title></head>' +
  '<body><div id="root"></div></body></html>'

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The head as the browser gets it: the one title, the one description, nothing from the shell copied. */
function headOf(page: string) {
  const head = page.slice(0, page.indexOf('</head>'))
  return {
    titles: head.match(/<title>[^<]*<\/title>/g) ?? [],
    descriptions: head.match(/<meta name="description" content="[^"]*" \/>/g) ?? [],
    head,
  }
}

let t: TestApp
let webRoot: string

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-literal-'))
  fs.writeFileSync(path.join(webRoot, 'index.html'), SHELL)
  t = await createTestApp({ webRoot, env: { SHOP_CURRENCY: 'NGN' } })
  const { client: admin } = await signedIn(t, { role: 'admin' })
  const saved = await call(
    admin,
    'PUT',
    '/api/admin/site',
    {
      name: TRICKY,
      description: DESCRIPTION,
      address: '',
      supportEmail: '',
      accentColor: '#E11D48',
    },
    200,
  )
  expect(saved.name).toBe(TRICKY)
})

afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }))

describe('text with $ patterns, quotes, markup and bidi controls', () => {
  it('is the title and description of the web app’s shell, once, and copies nothing', async () => {
    const page = await (await t.app.request('/files')).text()
    const { titles, descriptions } = headOf(page)
    expect(titles).toEqual([`<title>${html(TRICKY)}</title>`])
    expect(descriptions).toEqual([`<meta name="description" content="${html(DESCRIPTION)}" />`])
    expect(page).not.toContain('Depot: ours.')
    expect(page.match(/<\/head>/g)).toHaveLength(1)
    expect(page.match(/<body>/g)).toHaveLength(1)
  })

  it('is the business’s name in e-mails, as typed in the text and escaped in the HTML', async () => {
    const user = await signedIn(t)
    await call(t, 'POST', '/api/accounts/forgot-password', { email: user.email }, 202)
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', user.email)
      .executeTakeFirstOrThrow()
    expect(mail.subject).toBe(`Reset your ${TRICKY} password`)
    expect(mail.text_body).toContain(`-- \n${TRICKY}\n`)
    expect(mail.html_body).toContain(html(TRICKY))
    expect(mail.html_body).not.toContain('<b>')
    expect(mail.html_body).not.toContain(TRICKY)
  })

  // The catalogue's server-rendered body and handed-over cache escape it too: test/system/server-rendered-pages.
  it('is a product’s name and description in its page’s head, and the business’s name in the shop’s', async () => {
    const { client: manager } = await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })
    const created = await call(
      manager,
      'POST',
      '/api/shop/products',
      productInput({ name: TRICKY, description: DESCRIPTION }),
      201,
    )
    const product = created as ProductDetail
    expect(product.name).toBe(TRICKY)

    const page = await (await t.app.request(`/shop/${product.slug}`)).text()
    const { titles, descriptions, head } = headOf(page)
    expect(titles).toHaveLength(1)
    expect(titles[0]).toContain(html(TRICKY))
    expect(descriptions).toHaveLength(1)
    expect(head).toContain(`<meta property="og:title" content="${html(TRICKY)}" />`)
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)
    expect(JSON.parse(jsonLd![1]!).name).toBe(TRICKY)
    expect(page.match(/<\/head>/g)).toHaveLength(1)

    const shop = await (await t.app.request('/shop')).text()
    expect(shop.match(/<\/head>/g)).toHaveLength(1)
    expect(headOf(shop).titles).toEqual([`<title>${html(TRICKY)}</title>`])
  })
})
