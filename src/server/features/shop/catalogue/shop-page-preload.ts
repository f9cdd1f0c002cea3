import { CATALOGUE_FIRST_PAGE, CATALOGUE_PRELOAD_ID } from '../../../../shared/contract/catalogue-sorts'
import { catalogueQuerySchema } from '../../../../shared/contract/products'
import type { AppDeps } from '../../../deps'
import { escapeHtml } from '../../mail/templates/markup'
import { listCatalogue } from './catalogue.service'
import { jsonForScript } from './product-page-meta'

// /shop as the server sends it: the catalogue's first page rides in the HTML as JSON, so the grid
// renders from it without waiting for an API round trip, and the web's query cache starts from it
// (decision 0096). Only the plain /shop: a search, filter, sort or later page is asked of the API.
// The same public answer GET /api/shop/products gives anyone; the page that reads it validates
// nothing a visitor typed.

type Deps = Pick<AppDeps, 'database' | 'env'>

export async function withCataloguePreload(deps: Deps, url: URL, html: string): Promise<string> {
  if (!/^\/shop\/?$/.test(url.pathname) || url.search !== '') return html
  const query = catalogueQuerySchema.parse(CATALOGUE_FIRST_PAGE)
  const page = await listCatalogue(deps, query)
  const data = jsonForScript({ query: CATALOGUE_FIRST_PAGE, page })
  const script = `<script type="application/json" id="${CATALOGUE_PRELOAD_ID}">${data}</script>`
  const cover = page.items[0]?.cover_photo?.small
  // The first cover is the largest thing on a phone's first screen: fetched with the HTML.
  const preload = cover
    ? `<link rel="preload" as="image" href="${escapeHtml(cover)}" fetchpriority="high" />`
    : ''
  // A function replacement: product names in the JSON may hold `$&`, `$\`` or `$'`.
  return html.replace('</head>', () => `${preload}${script}</head>`)
}
