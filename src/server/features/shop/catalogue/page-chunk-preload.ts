import fs from 'node:fs'
import path from 'node:path'

// The web's route table loads a page's chunk only once the entry chunk has run, so on a first visit
// the page's code waited for the entry's download and start before its own download began. For the
// shop's two public pages the server names that code in the HTML with <link rel="modulepreload">, and
// the browser fetches it beside the entry (decision 0101). Which chunk is which page, with the chunks
// it imports, is written at build time to dist/web-chunks.json, beside the web root
// (scripts/chunk-audience.ts); without that file (a web build without it) the HTML is left as it is.

const SHOP_PAGE = 'src/web/features/shop/storefront/shop-page.tsx'
const PRODUCT_PAGE = 'src/web/features/shop/storefront/product-page.tsx'
/** /shop/<slug>: the route table's product page (its other /shop/… routes have more segments). */
const PRODUCT_PATH = /^\/shop\/[^/]+\/?$/

interface WebChunks {
  entry: string
  chunks: Record<string, { page: string | null; imports: string[] }>
}

const built = new Map<string, WebChunks | null>()

function webChunks(webRoot: string): WebChunks | null {
  if (!built.has(webRoot)) {
    const file = path.join(path.resolve(webRoot), '..', 'web-chunks.json')
    built.set(webRoot, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as WebChunks) : null)
  }
  return built.get(webRoot) ?? null
}

/** A page's chunk and every chunk it imports, the entry excepted (the HTML loads it already). */
export function pageChunkFiles(chunks: WebChunks, page: string): string[] {
  const start = Object.keys(chunks.chunks).find((file) => chunks.chunks[file]?.page === page)
  const files: string[] = []
  const visit = (file: string) => {
    if (file === chunks.entry || files.includes(file)) return
    files.push(file)
    for (const imported of chunks.chunks[file]?.imports ?? []) visit(imported)
  }
  if (start) visit(start)
  return files
}

export function withPageChunkPreload(webRoot: string, url: URL, html: string): string {
  const page = /^\/shop\/?$/.test(url.pathname)
    ? SHOP_PAGE
    : PRODUCT_PATH.test(url.pathname)
      ? PRODUCT_PAGE
      : undefined
  const chunks = page ? webChunks(webRoot) : null
  if (!page || !chunks) return html
  const links = pageChunkFiles(chunks, page).map(
    (file) => `<link rel="modulepreload" crossorigin href="/${file}" />`,
  )
  return html.replace('</head>', () => `${links.join('')}</head>`)
}
