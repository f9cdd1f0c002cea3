import {
  featuredProductsSchema,
  featuredUpdateSchema,
  managedFeaturedSchema,
} from '../../../../shared/contract/shop/featured'
import { defineRoute } from '../../../lib/http/route'
import { getManagedFeatured, listFeatured, setFeatured } from './featured.service'

// The home page's featured products (decision 0141): visitors read those for sale; admins and staff
// with UploadProducts choose them.

export const featuredRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/shop/featured',
    summary: 'The products the home page features, in the order chosen (only those for sale)',
    tags: ['shop'],
    access: 'public',
    responses: { 200: { description: 'The featured products', schema: featuredProductsSchema } },
    handler: (c) => listFeatured(c.var.deps),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/shop/featured',
    summary: 'The featured products as chosen, drafts included and marked',
    tags: ['shop'],
    access: { staff: ['UploadProducts'] },
    responses: { 200: { description: 'The chosen products', schema: managedFeaturedSchema } },
    handler: (c) => getManagedFeatured(c.var.deps, c.var.caller),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/shop/featured',
    summary: 'Chooses the products the home page features, in order (audited)',
    tags: ['shop'],
    access: { staff: ['UploadProducts'] },
    request: { body: featuredUpdateSchema },
    responses: {
      200: { description: 'The chosen products after the change', schema: managedFeaturedSchema },
      422: { description: 'A product that is not in the shop, too many, or one twice' },
    },
    handler: (c, { body }) => setFeatured(c.var.deps, c.var.caller, body.productIds),
  }),
]
