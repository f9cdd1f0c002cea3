import { PRODUCT_COVER_SIZES, productCoverSrcSet } from '../../../../shared/contract/shop/product-cover-sizes'
import { majorUnits } from '../../../../shared/money'
import { isUuid } from '../../../../shared/slug'
import type { AppDeps } from '../../../deps'
import { isForSale } from '../../../policies/shop/shop.policy'
import { escapeHtml } from '../../mail/templates/markup'
import { readSiteIdentity } from '../../site/site-identity.service'
import { findProductByRef } from './catalogue.service'
import { presentCover } from './products.presenter'
import type { ProductRecord } from './products.repository'

// The product page as the server sends it: link previews and search engines read the HTML the server
// answers, not what the client router renders later. /shop/<slug> gets its own title, description,
// Open Graph tags, canonical URL and a JSON-LD Product; an old /shop/<id> link moves to the slug.
// Only products for sale are described: a draft's page is the plain shell (staff see it once signed in).

type Deps = Pick<AppDeps, 'database' | 'env'>

const PRODUCT_PAGE = /^\/shop\/([^/]+)\/?$/
const DESCRIPTION_MAX = 160

async function productForSaleAt(deps: Deps, pathname: string): Promise<ProductRecord | undefined> {
  const ref = PRODUCT_PAGE.exec(pathname)?.[1]
  if (!ref || ref === 'checkout' || ref.length > 100) return undefined
  const row = await findProductByRef(deps.database.db, ref)
  return row && isForSale(row) ? row : undefined
}

/** Where an old product link (by id) now lives, for a permanent redirect; undefined for anything else. */
export async function productPageRedirect(deps: Deps, url: URL): Promise<string | undefined> {
  const ref = PRODUCT_PAGE.exec(url.pathname)?.[1]
  if (!ref || !isUuid(ref)) return undefined
  const row = await productForSaleAt(deps, url.pathname)
  return row ? `/shop/${encodeURIComponent(row.slug)}${url.search}` : undefined
}

/** The product's plain-text summary: its Markdown description without the markup, cut at a word. */
export function plainSummary(markdown: string, max = DESCRIPTION_MAX): string {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** JSON for a <script> element: nothing in it can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * The shell of a product page with the product's meta in its head. Anything that is not the page of
 * a product for sale returns the shell unchanged.
 */
export async function withProductMeta(deps: Deps, url: URL, html: string): Promise<string> {
  const row = await productForSaleAt(deps, url.pathname)
  if (!row) return html
  const site = await readSiteIdentity(deps.database.db, deps.env)
  const origin = deps.env.authUrl.origin
  const canonical = `${origin}/shop/${encodeURIComponent(row.slug)}`
  const title = `${row.name} · ${site.name}`
  const description = plainSummary(row.description) || `${row.type} from ${site.name}`
  const cover = presentCover(row)
  const image = cover ? new URL(cover.large, origin).href : undefined
  const currency = deps.env.shopCurrency
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: row.name,
    description,
    category: row.type,
    url: canonical,
    sku: row.id,
    ...(image ? { image: [image] } : {}),
    brand: { '@type': 'Brand', name: site.name },
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: majorUnits(Number(row.price), currency),
      priceCurrency: currency,
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Organization', name: site.name },
    },
  }
  const attr = escapeHtml
  const head = [
    `<link rel="canonical" href="${attr(canonical)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="${attr(site.name)}" />`,
    `<meta property="og:title" content="${attr(row.name)}" />`,
    `<meta property="og:description" content="${attr(description)}" />`,
    `<meta property="og:url" content="${attr(canonical)}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${attr(image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
    `<script type="application/ld+json">${jsonForScript(product)}</script>`,
    // The cover is the phone's largest paint: fetched with the HTML, not after the page's API call.
    ...(cover
      ? [
          `<link rel="preload" as="image" href="${attr(cover.large)}" imagesrcset="${attr(productCoverSrcSet(cover))}" imagesizes="${PRODUCT_COVER_SIZES}" fetchpriority="high" />`,
        ]
      : []),
  ].join('\n    ')
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${attr(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${attr(description)}" />`,
    )
    .replace('</head>', () => `    ${head}\n  </head>`)
}
