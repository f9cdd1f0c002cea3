import { z } from 'zod'
import { itemIdSchema } from './files'

// A file's versions (docs/decisions/0088): the earlier contents kept when a file is replaced, listed
// newest first, downloaded, restored (it becomes the current content; the current one becomes a
// version) and deleted (administrators of the file's folder).

export const versionParamsSchema = z.object({ id: itemIdSchema, versionId: itemIdSchema })

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable()

export const fileVersionSchema = z.object({
  id: z.string(),
  size: z.number(),
  sha256: z.string().nullable(),
  mimetype: z.string(),
  /** Who made this content (null once they are gone). */
  createdBy: personSchema,
  /** When this content was made. */
  createdAt: z.string(),
  /** When it stopped being the current content. */
  replacedAt: z.string(),
})
export type FileVersion = z.infer<typeof fileVersionSchema>

export const fileVersionsSchema = z.object({
  file: z.object({ id: z.string(), filename: z.string() }),
  /** The content the file has now. */
  current: z.object({
    size: z.number(),
    sha256: z.string().nullable(),
    mimetype: z.string(),
    createdBy: personSchema,
    updatedAt: z.string(),
  }),
  /** Earlier contents, newest first. */
  versions: z.array(fileVersionSchema),
  abilities: z.object({ download: z.boolean(), restore: z.boolean(), delete: z.boolean() }),
  /** How many versions the retention purge always keeps; older ones go after `retentionDays`. */
  kept: z.number(),
  retentionDays: z.number(),
})
export type FileVersions = z.infer<typeof fileVersionsSchema>

export const versionRestoredSchema = z.object({
  file: z.object({ id: z.string(), size: z.number(), sha256: z.string().nullable(), updatedAt: z.string() }),
})
export const versionDeletedSchema = z.object({ deleted: z.literal(true) })
