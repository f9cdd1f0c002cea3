import type { AppDeps } from '../../../deps'
import type { BlobToSend } from '../../../lib/blobs/blob-response'
import { presentation } from '../../../lib/blobs/presentation-policy'
import type { Caller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { canThumbnail, thumbnailFor } from '../../../lib/storage/thumbnails'
import { requireFile } from '../access/file-access'

// Downloads, previews and thumbnails (product.md §2 "Downloads"). Viewer on the file's folder;
// trashed files and folders the caller cannot open are 404.

/** The file's blob and how to present it (`inline` only when that is safe for its type). */
export async function fileToSend(
  deps: AppDeps,
  actor: Caller,
  fileId: string,
  wanted: 'inline' | 'attachment',
): Promise<BlobToSend> {
  const { file } = await requireFile(deps.database.db, actor, fileId, 'viewer')
  return {
    key: file.path,
    sha256: file.sha256,
    filename: file.filename,
    presentation: presentation(file.mimetype, wanted),
  }
}

export interface ThumbnailSource {
  fileId: string
  key: string
  /** Thumbnails never change under a blob: its hash (or key) names this one. */
  etag: string
}

/** An image file the caller may view, for its thumbnail; 404 for any other file. */
export async function thumbnailSource(
  deps: AppDeps,
  actor: Caller,
  fileId: string,
): Promise<ThumbnailSource> {
  const { file } = await requireFile(deps.database.db, actor, fileId, 'viewer')
  if (!canThumbnail(file.mimetype)) throw new HttpProblem(404, 'no_thumbnail', 'Only images have thumbnails.')
  return { fileId: file.id, key: file.path, etag: `"thumb-${file.sha256 ?? file.path}"` }
}

/** The thumbnail's WebP bytes (made once, then cached); 404 when the image cannot be read. */
export async function thumbnailBytes(deps: AppDeps, source: ThumbnailSource): Promise<Buffer> {
  try {
    return await thumbnailFor(deps.env.dataDir, deps.storage, source.key)
  } catch (error) {
    deps.logger.info({ err: error, fileId: source.fileId }, 'no thumbnail: the image could not be read')
    throw new HttpProblem(404, 'no_thumbnail', 'This image could not be read.')
  }
}
