import { z } from 'zod'
import {
  COVER_MAX_BYTES,
  COVER_TYPES,
  coverUploadSchema,
  deliverableVersionListSchema,
  deliveryFileSchema,
  PRODUCT_FILE_MAX_BYTES,
  productCreateSchema,
  productDetailSchema,
  productFileQuerySchema,
  productListQuerySchema,
  productListSchema,
  productUpdateSchema,
} from '../../../../shared/contract/shop/products'
import { csvResponse } from '../../../lib/csv/csv-response'
import { requestMediaType } from '../../../lib/http/media-type'
import { problems } from '../../../lib/http/problem'
import { defineRoute } from '../../../lib/http/route'
import { readLimitedBody } from '../../../lib/image-upload-body'
import type { RouteAccess } from '../../../policies/route-access'
import { removeCover, setCover } from './covers.service'
import { createProduct } from './product-create.service'
import { deleteProduct } from './product-delete.service'
import { editProduct } from './product-edit.service'
import { listDeliverableVersions, removeProductFile, uploadProductFile } from './product-files.service'
import { exportProducts, getManagedList } from './products-table.service'

// Product management (product.md §3): admins and staff with UploadProducts. Uploads are raw bodies
// (the file itself, its type in Content-Type), so they keep the same-origin CSRF proof and stream.

const MANAGERS: RouteAccess = { staff: ['UploadProducts'] }
const idParams = z.object({ id: z.string().uuid() })

export const productsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/products',
    summary: 'The staff products table: search, type and state filters, sorting and paging',
    tags: ['shop'],
    access: MANAGERS,
    request: { query: productListQuerySchema },
    responses: { 200: { description: 'A page of products', schema: productListSchema } },
    handler: (c, { query }) => getManagedList(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/products/export.csv',
    summary: 'Every product matching the filters, as CSV (audited)',
    tags: ['shop'],
    access: MANAGERS,
    request: { query: productListQuerySchema },
    responses: { 200: { description: 'RFC 4180 CSV with a UTF-8 BOM', contentType: 'text/csv' } },
    handler: async (c, { query }) =>
      csvResponse(
        await exportProducts(c.var.deps, c.var.caller, query),
        `products-${c.var.deps.clock().toISOString().slice(0, 10)}.csv`,
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/api/shop/products',
    summary: 'Creates a product (a draft unless isPublished; publishing needs a link or a file)',
    tags: ['shop'],
    access: MANAGERS,
    request: { body: productCreateSchema },
    responses: { 201: { description: 'The product', schema: productDetailSchema } },
    handler: (c, { body }) => createProduct(c.var.deps, c.var.caller, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/shop/products/:id',
    summary: 'Edits, publishes or unpublishes a product; a link replaces an uploaded file',
    tags: ['shop'],
    access: MANAGERS,
    request: { params: idParams, body: productUpdateSchema },
    responses: { 200: { description: 'The product as it is now', schema: productDetailSchema } },
    handler: (c, { params, body }) => editProduct(c.var.deps, c.var.caller, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/shop/products/:id',
    summary: 'Deletes a product; one that was ordered is only hidden, so its orders still show it',
    tags: ['shop'],
    access: MANAGERS,
    request: { params: idParams },
    responses: {
      200: {
        description: 'deleted (gone with its files) or hidden (ordered)',
        schema: z.object({ outcome: z.enum(['deleted', 'hidden']) }),
      },
    },
    handler: (c, { params }) => deleteProduct(c.var.deps, c.var.caller, params.id),
  }),
  defineRoute({
    method: 'put',
    path: '/api/shop/products/:id/cover',
    summary: 'Sets the cover (the image as the body); stored as WebP 400 and 1200 px wide',
    tags: ['shop'],
    access: MANAGERS,
    request: { params: idParams, bodyType: 'raw', maxBodyBytes: COVER_MAX_BYTES },
    responses: {
      200: { description: 'The cover URLs', schema: coverUploadSchema },
      413: { description: 'Over 15 MB' },
      422: { description: 'An image that cannot be read, or too small' },
      415: { description: 'Not an image type we take' },
    },
    handler: async (c, { params }) => {
      const type = requestMediaType(c)
      if (!(COVER_TYPES as readonly string[]).includes(type)) {
        throw problems.unsupportedMediaType(`Send a picture as one of: ${COVER_TYPES.join(', ')}.`)
      }
      const bytes = await readLimitedBody(c.req.raw, COVER_MAX_BYTES)
      return setCover(c.var.deps, c.var.caller, params.id, bytes)
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/shop/products/:id/cover',
    summary: 'Removes the cover',
    tags: ['shop'],
    access: MANAGERS,
    request: { params: idParams },
    responses: { 204: { description: 'Removed' } },
    handler: async (c, { params }) => {
      await removeCover(c.var.deps, c.var.caller, params.id)
      return undefined
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/shop/products/:id/file',
    summary:
      'Uploads the file buyers receive (the file as the body, streamed; kept private); updatePastBuyers=true sends it to paid orders too',
    tags: ['shop'],
    access: MANAGERS,
    request: {
      params: idParams,
      query: productFileQuerySchema,
      bodyType: 'raw',
      maxBodyBytes: PRODUCT_FILE_MAX_BYTES,
    },
    responses: {
      200: { description: 'What was stored', schema: z.object({ deliveryFile: deliveryFileSchema }) },
      413: { description: 'Over the size limit' },
    },
    handler: (c, { params, query }) =>
      uploadProductFile(c.var.deps, c.var.caller, params.id, {
        name: query.name,
        contentType: c.req.header('content-type'),
        declaredSize: c.req.header('content-length') ? Number(c.req.header('content-length')) : undefined,
        body: c.req.raw.body,
        signal: c.req.raw.signal,
        updatePastBuyers: query.updatePastBuyers === 'true',
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/shop/products/:id/file/versions',
    summary: "The deliverable's versions: when, who, size, which is current, how many paid orders hold each",
    tags: ['shop'],
    access: MANAGERS,
    request: { params: idParams },
    responses: { 200: { description: 'Newest first', schema: deliverableVersionListSchema } },
    handler: (c, { params }) => listDeliverableVersions(c.var.deps, c.var.caller, params.id),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/shop/products/:id/file',
    summary: 'Removes the uploaded file (kept while a paid order names it)',
    tags: ['shop'],
    access: MANAGERS,
    request: { params: idParams },
    responses: { 204: { description: 'Removed' } },
    handler: async (c, { params }) => {
      await removeProductFile(c.var.deps, c.var.caller, params.id)
      return undefined
    },
  }),
]
