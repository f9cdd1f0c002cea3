import { Readable } from 'node:stream'
import { COVER_SIZES, type CoverSize } from '../../../../shared/contract/shop/products'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { loadSharp } from '../../../lib/sharp'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { canViewCover } from '../../../policies/shop/shop.policy'
import { findProduct } from './products.repository'
import { authorizeManager, loadManagedProduct, recordProductChange } from './products.service'

// Product covers (product.md §3): whatever image arrives is decoded, auto-rotated and re-encoded as
// WebP at two widths (400 px for grids, 1200 px for the product page), never enlarged. Re-encoding
// drops EXIF and anything that is not a picture. The blobs live in deps.storage; the URL carries a
// version, so a published cover is cached for a year and a new upload gets a new URL.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'storage' | 'env' | 'logger'>

/** Decodes more pixels than this refuses the image (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000

async function resize(bytes: Buffer, width: CoverSize): Promise<Buffer> {
  const sharp = await loadSharp()
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer()
}

export async function setCover(deps: Deps, by: Caller, productId: string, bytes: Buffer) {
  authorizeManager(by)
  const product = await loadManagedProduct(deps, productId)
  let small: Buffer
  let large: Buffer
  try {
    ;[small, large] = await Promise.all([resize(bytes, 400), resize(bytes, 1200)])
  } catch {
    throw problems.validation({
      cover_photo: ['This file is not an image we can read. Use a JPEG, PNG, WebP, GIF or AVIF.'],
    })
  }
  const [smallBlob, largeBlob] = [
    await deps.storage.put(Readable.from([small])),
    await deps.storage.put(Readable.from([large])),
  ]
  const now = deps.clock()
  const cover_photo = `/api/shop/products/${productId}/cover/1200?v=${now.getTime().toString(36)}`
  try {
    // The replaced cover's blobs are queued for deletion with the change.
    await recordProductChange(
      deps,
      by,
      product,
      { cover_photo, coverSmallKey: smallBlob.key, coverLargeKey: largeBlob.key },
      { keys: [product.coverSmallKey, product.coverLargeKey] },
    )
  } catch (error) {
    await enqueueBlobDeletions(deps.database.db, [smallBlob.key, largeBlob.key], deps.clock())
    throw error
  }
  return { cover_photo: { small: cover_photo.replace('/cover/1200?', '/cover/400?'), large: cover_photo } }
}

export async function removeCover(deps: Deps, by: Caller, productId: string) {
  authorizeManager(by)
  const product = await loadManagedProduct(deps, productId)
  if (!product.coverLargeKey) return
  await recordProductChange(
    deps,
    by,
    product,
    { cover_photo: null, coverSmallKey: null, coverLargeKey: null },
    { keys: [product.coverSmallKey, product.coverLargeKey] },
  )
}

/** The cover at one size, with the caching its visibility allows. */
export async function readCover(deps: Deps, actor: Caller, productId: string, size: CoverSize) {
  if (!COVER_SIZES.includes(size)) throw problems.notFound()
  const product = await findProduct(deps.database.db, productId)
  if (!product || !canViewCover(actor, product)) throw problems.notFound('No cover.')
  const key = size === 400 ? product.coverSmallKey : product.coverLargeKey
  if (!key) throw problems.notFound('No cover.')
  return {
    open: () => deps.storage.get(key),
    etag: `"${key.replace(/[^A-Za-z0-9_-]/g, '')}"`,
    // Published: the URL is versioned, so anyone (and any shared cache) may keep it for a year.
    // A draft's cover is for managers only: their browser may keep it, but must ask again.
    cacheControl: product.isPublished ? 'public, max-age=31536000, immutable' : 'private, no-cache',
  }
}
