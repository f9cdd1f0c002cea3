import { Readable } from 'node:stream'
import { z } from 'zod'
import {
  cartLookupQuerySchema,
  cartLookupSchema,
  catalogueListSchema,
  catalogueQuerySchema,
  productDetailSchema,
  productRefParamsSchema,
  productTypesSchema,
} from '../../../../shared/contract/shop/products'
import { etagHeader, ifNoneMatchHeader } from '../../../lib/http/documented-headers'
import { defineRoute } from '../../../lib/http/route'
import { getProduct, listCatalogue, listTypes, lookupCart } from './catalogue.service'
import { readCover } from './covers.service'

// The public side of the shop: anyone, signed in or not, may browse (product.md §3).

export const catalogueRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/shop/products',
    summary: 'The catalogue: published products, with search, a type filter, sorting and paging',
    tags: ['shop'],
    access: 'public',
    request: { query: catalogueQuerySchema },
    responses: {
      200: { description: 'A page of products', schema: catalogueListSchema },
      400: { description: 'A cursor this list did not give out for this order' },
    },
    handler: (c, { query }) => listCatalogue(c.var.deps, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/shop/types',
    summary: 'The product types the catalogue has (managers: drafts’ too), and the store currency',
    tags: ['shop'],
    access: 'public',
    responses: { 200: { description: 'Types in use, alphabetically', schema: productTypesSchema } },
    handler: (c) => listTypes(c.var.deps, c.var.caller),
  }),
  defineRoute({
    method: 'get',
    path: '/api/shop/cart',
    summary: 'Current prices of the products of a cart that are still for sale',
    tags: ['shop'],
    access: 'public',
    request: { query: cartLookupQuerySchema },
    responses: { 200: { description: 'The products still for sale', schema: cartLookupSchema } },
    handler: (c, { query }) => lookupCart(c.var.deps, query.ids),
  }),
  defineRoute({
    method: 'get',
    path: '/api/shop/products/:id',
    summary:
      'One product page, by slug or id (drafts and deleted products only for those who manage products)',
    tags: ['shop'],
    access: 'public',
    request: { params: productRefParamsSchema },
    responses: { 200: { description: 'The product', schema: productDetailSchema } },
    handler: (c, { params }) => getProduct(c.var.deps, c.var.caller, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/shop/products/:id/cover/:size',
    summary: 'A product cover, 400 or 1200 px wide (WebP); published covers are cached for a year',
    tags: ['shop'],
    access: 'public',
    request: {
      params: z.object({ id: z.string().uuid(), size: z.enum(['400', '1200']) }),
      headers: ifNoneMatchHeader,
    },
    responses: {
      200: { description: 'The cover', contentType: 'image/webp', headers: etagHeader },
      304: { description: 'Unchanged since the ETag sent as If-None-Match', headers: etagHeader },
      404: { description: 'No such product or cover, or a draft the caller may not see' },
    },
    handler: async (c, { params }) => {
      const cover = await readCover(c.var.deps, c.var.caller, params.id, Number(params.size) as 400 | 1200)
      const headers: Record<string, string> = { ETag: cover.etag, 'Cache-Control': cover.cacheControl }
      // A draft's cover depends on who asks.
      if (cover.cacheControl.startsWith('private')) headers.Vary = 'Cookie'
      if (c.req.header('if-none-match') === cover.etag) return c.body(null, 304, headers)
      const blob = await cover.open()
      return new Response(Readable.toWeb(blob.body) as ReadableStream<Uint8Array>, {
        status: 200,
        headers: { ...headers, 'Content-Type': 'image/webp', 'Content-Length': String(blob.contentLength) },
      })
    },
  }),
]
