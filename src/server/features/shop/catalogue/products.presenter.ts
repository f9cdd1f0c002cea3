import type { CatalogueItem, ProductDetail, ProductRow } from '../../../../shared/contract/shop/products'
import type { Caller } from '../../../lib/http/caller'
import { canManageProducts, productAbilities } from '../../../policies/shop/shop.policy'
import type { ProductRecord } from './products.repository'

// What leaves the server about a product. The deliverable (the link or the file) is what a buyer
// pays for: it is shown only to those who manage products, never in the catalogue or product page.

type Row = Pick<
  ProductRecord,
  | 'id'
  | 'name'
  | 'slug'
  | 'type'
  | 'price'
  | 'cover_photo'
  | 'coverLargeKey'
  | 'createdAt'
  | 'updatedAt'
  | 'description'
  | 'isPublished'
  | 'deletedAt'
  | 'publishedAt'
  | 'product_url'
  | 'deliveryFileKey'
  | 'deliveryFileName'
  | 'deliveryFileType'
  | 'deliveryFileSize'
>

/** The cover's two sizes. `cover_photo` is the large one's URL (with its version). */
export function presentCover(row: Pick<Row, 'cover_photo' | 'coverLargeKey'>) {
  if (!row.cover_photo || !row.coverLargeKey) return null
  return { small: row.cover_photo.replace('/cover/1200?', '/cover/400?'), large: row.cover_photo }
}

/** The fields a catalogue item needs: the list reads only these (products.repository). */
type CatalogueRow = Pick<
  Row,
  'id' | 'name' | 'slug' | 'type' | 'price' | 'cover_photo' | 'coverLargeKey' | 'createdAt'
>

export function presentCatalogueItem(row: CatalogueRow, currency: string): CatalogueItem {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    price: Number(row.price),
    currency,
    cover_photo: presentCover(row),
    createdAt: row.createdAt,
  }
}

export function presentProduct(row: Row, currency: string, actor: Caller): ProductDetail {
  return {
    ...presentCatalogueItem(row, currency),
    description: row.description,
    updatedAt: row.updatedAt,
    isPublished: row.isPublished,
    abilities: productAbilities(actor, row),
    management: canManageProducts(actor)
      ? {
          product_url: row.product_url,
          deliveryFile: row.deliveryFileKey
            ? {
                name: row.deliveryFileName ?? 'file',
                type: row.deliveryFileType ?? 'application/octet-stream',
                size: Number(row.deliveryFileSize ?? 0),
              }
            : null,
          publishedAt: row.publishedAt,
          deletedAt: row.deletedAt,
        }
      : null,
  }
}

export function presentProductRow(row: Row, currency: string, actor: Caller): ProductRow {
  return {
    ...presentCatalogueItem(row, currency),
    isPublished: row.isPublished,
    updatedAt: row.updatedAt,
    deliverable: row.product_url ? 'link' : row.deliveryFileKey ? 'file' : 'none',
    abilities: productAbilities(actor, row),
  }
}
