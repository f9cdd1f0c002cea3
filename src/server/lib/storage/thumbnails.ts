import { readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { makePrivateDir, writePrivateFile } from '../private-files'
import { loadSharp } from '../sharp'
import { isBlobKey } from './blob-key'
import type { BlobStore } from './blob-store'

// Grid-view thumbnails: 256 px WebP, made once per blob and kept in DATA_DIR/thumbnails (a cache:
// deleting it costs only a regeneration). Blobs never change under a key, so neither does a thumbnail.

export const THUMBNAIL_SIZE = 256
/** Images sharp reads that are not active content (SVG is never rendered on our origin). */
const THUMBNAIL_TYPES = /^image\/(png|jpeg|gif|webp|avif|tiff|bmp|heic|heif)$/

export function canThumbnail(mimetype: string): boolean {
  return THUMBNAIL_TYPES.test(mimetype)
}

function thumbnailPath(dataDir: string, key: string): { dir: string; file: string } {
  if (!isBlobKey(key)) throw new TypeError('not a blob key')
  const dir = path.join(dataDir, 'thumbnails')
  return { dir, file: path.join(dir, `${key}-${THUMBNAIL_SIZE}.webp`) }
}

/** The blob deletion queue calls this with the blob: a thumbnail must not outlive its blob. */
export async function removeThumbnail(dataDir: string, key: string): Promise<void> {
  if (!isBlobKey(key)) return
  await rm(thumbnailPath(dataDir, key).file, { force: true })
}

export async function thumbnailFor(dataDir: string, storage: BlobStore, key: string): Promise<Buffer> {
  const { dir, file } = thumbnailPath(dataDir, key)
  const cached = await readFile(file).catch(() => undefined)
  if (cached) return cached
  const sharp = await loadSharp()
  const { body } = await storage.get(key)
  // sharp reads the stream as it comes; limitInputPixels refuses decompression bombs.
  const resize = sharp({ limitInputPixels: 100_000_000, failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
  body.pipe(resize)
  const bytes = await resize.toBuffer()
  await makePrivateDir(dir)
  const temp = `${file}.${process.pid}.tmp`
  await writePrivateFile(temp, bytes)
  await rename(temp, file).catch(async () => rm(temp, { force: true }))
  return bytes
}
