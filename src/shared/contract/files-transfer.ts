import { z } from 'zod'

// Moving bytes in and out of the file manager (product.md §2): tus uploads, downloads, previews,
// thumbnails and folder zips. The bodies are bytes, not JSON; these are the ids and options around them.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const idParamSchema = z.object({
  id: z
    .string()
    .regex(UUID)
    .transform((s) => s.toLowerCase()),
})

/** The tus protocol version we speak (https://tus.io/protocols/resumable-upload). */
export const TUS_VERSION = '1.0.0'

/** The tus endpoint: POST creates an upload here; HEAD/PATCH/DELETE go to the Location it returns. */
export const UPLOADS_ENDPOINT = '/api/uploads'

/**
 * Sent on the request that completes an upload (the last PATCH, or the creation itself for an empty
 * file or one sent whole with creation-with-upload): the id of the file it created or replaced.
 */
export const FILE_ID_HEADER = 'Depot-File-Id'

/**
 * Upload-Metadata keys the server reads: `filename` and `folder_id` for a new file, or `file_id` to
 * replace that file's content (it keeps its id and name); `filetype` is only a hint.
 */
export const UPLOAD_METADATA_KEYS = ['filename', 'folder_id', 'file_id', 'filetype'] as const
