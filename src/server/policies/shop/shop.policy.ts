import { hasStaffFunction } from '../../../shared/staff-functions'
import type { Caller } from '../../lib/http/caller'

// Who may do what in the shop's catalogue (product.md §1 and §3). Browsing is for everyone; managing
// products (create, edit, publish, delete, covers and deliverables, the staff table) is for admins
// and staff holding UploadProducts. A restricted account counts as a visitor.

/** What a rule needs to know about a product. */
export interface ProductSnapshot {
  isPublished: boolean
  deletedAt: string | null
}

function isActiveUser(actor: Caller): actor is Extract<Caller, { kind: 'user' }> {
  return actor.kind === 'user' && !actor.isRestricted
}

export function canManageProducts(actor: Caller): boolean {
  return isActiveUser(actor) && hasStaffFunction(actor, 'UploadProducts')
}

/** On sale: listed in the catalogue, may be put in a cart and bought. */
export function isForSale(product: ProductSnapshot): boolean {
  return product.isPublished && product.deletedAt === null
}

/** The product page: published and not deleted, or anything to those who manage products. */
export function canViewProduct(actor: Caller, product: ProductSnapshot): boolean {
  return isForSale(product) || canManageProducts(actor)
}

/**
 * A cover is public once the product is published, and stays public when an ordered product is
 * deleted (only hidden), so old orders still show it. A draft's cover is for managers only.
 */
export function canViewCover(actor: Caller, product: ProductSnapshot): boolean {
  return product.isPublished || canManageProducts(actor)
}

export interface ProductAbilities {
  edit: boolean
  delete: boolean
  buy: boolean
}

/** A deleted (hidden) product is kept only for its orders: nobody edits or deletes it again. */
export function productAbilities(actor: Caller, product: ProductSnapshot): ProductAbilities {
  const manage = canManageProducts(actor) && product.deletedAt === null
  return { edit: manage, delete: manage, buy: isForSale(product) }
}
