import { z } from 'zod'
import { itemIdSchema } from './files'

// Share links (product.md §8, docs/decisions/0087): a file or folder reached without an account.
// The item's administrators (folders) or editors (files) make and revoke them; anyone holding the
// link's token opens the public side under /api/s/{token}.

export const SHARE_LINK_MODES = ['view', 'download', 'upload'] as const
export type ShareLinkMode = (typeof SHARE_LINK_MODES)[number]

export const SHARE_LINK_STATES = ['active', 'expired', 'used_up', 'revoked', 'trashed'] as const
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number]

/** 128 random bits, base64url: what a link's URL carries after /s/. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/
export const SHARE_LINK_PASSWORD_MIN = 6
export const SHARE_LINK_PASSWORD_MAX = 256
export const SHARE_LINK_DOWNLOAD_LIMIT_MAX = 100_000
/** The most bytes a file drop's own cap may be set to: 1 TiB. */
export const FILE_DROP_BYTE_LIMIT_MAX = 1024 ** 4
/**
 * A file drop made by someone without a storage quota (staff, or no USER_QUOTA_BYTES) takes at most
 * this many files and bytes unless its creator chooses other limits (docs/decisions/0117).
 */
export const FILE_DROP_DEFAULT_LIMITS = { files: 50, bytes: 1024 ** 3 } as const

export const createShareLinkSchema = z.object({
  mode: z.enum(SHARE_LINK_MODES, { error: 'Choose view, download or file drop.' }),
  password: z
    .string({ error: 'Enter a password or leave it empty.' })
    .max(SHARE_LINK_PASSWORD_MAX, `Keep the password under ${SHARE_LINK_PASSWORD_MAX} characters.`)
    .refine((v) => v === '' || v.length >= SHARE_LINK_PASSWORD_MIN, {
      error: `Use at least ${SHARE_LINK_PASSWORD_MIN} characters, or no password.`,
    })
    .optional(),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Give the expiry as a date and time.' })
    .nullable()
    .optional(),
  downloadLimit: z
    .number({ error: 'The download limit is a whole number.' })
    .int({ error: 'The download limit is a whole number.' })
    .min(1, { error: 'Allow at least one download.' })
    .max(SHARE_LINK_DOWNLOAD_LIMIT_MAX, { error: `At most ${SHARE_LINK_DOWNLOAD_LIMIT_MAX} downloads.` })
    .nullable()
    .optional(),
  /** A file drop: how many files it takes before it is used up. */
  dropFileLimit: z
    .number({ error: 'The file limit is a whole number.' })
    .int({ error: 'The file limit is a whole number.' })
    .min(1, { error: 'Allow at least one file.' })
    .max(SHARE_LINK_DOWNLOAD_LIMIT_MAX, { error: `At most ${SHARE_LINK_DOWNLOAD_LIMIT_MAX} files.` })
    .nullable()
    .optional(),
  /** A file drop: how many bytes it takes in all. */
  dropByteLimit: z
    .number({ error: 'The size limit is a whole number of bytes.' })
    .int({ error: 'The size limit is a whole number of bytes.' })
    .min(1, { error: 'Allow at least one byte.' })
    .max(FILE_DROP_BYTE_LIMIT_MAX, { error: 'At most 1 TiB.' })
    .nullable()
    .optional(),
})
export type CreateShareLink = z.infer<typeof createShareLinkSchema>

export const shareLinkSchema = z
  .object({
    id: z.string(),
    itemType: z.enum(['file', 'folder']),
    itemId: z.string(),
    mode: z.enum(SHARE_LINK_MODES),
    hasPassword: z.boolean(),
    expiresAt: z.string().nullable(),
    downloadLimit: z.number().int().nullable().describe('Downloads and zips allowed (not a file drop)'),
    dropFileLimit: z.number().int().nullable().describe('A file drop: the files it takes in all'),
    dropByteLimit: z.number().int().nullable().describe('A file drop: the bytes it takes in all'),
    droppedBytes: z.number().int().describe('A file drop: the bytes it has taken'),
    useCount: z.number().int(),
    createdAt: z.string(),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    lastUsedAt: z.string().nullable(),
    state: z.enum(SHARE_LINK_STATES),
    url: z
      .string()
      .nullable()
      .describe('The link’s whole address while it is active, for whoever may manage it to copy again'),
  })
  .meta({ id: 'ShareLink' })
export type ShareLink = z.infer<typeof shareLinkSchema>

export const shareLinksSchema = z.object({ items: z.array(shareLinkSchema) })

/** The answer to creating a link: the only time its token is ever shown. */
export const createdShareLinkSchema = shareLinkSchema
  .extend({
    token: z.string().describe('The secret part of the link'),
    path: z.string().describe('The link’s page, /s/{token}'),
    url: z.string().describe('The link’s whole address, from the server’s public origin (AUTH_URL)'),
  })
  .meta({ id: 'CreatedShareLink' })
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>

export const shareLinkIdParamsSchema = z.object({ id: itemIdSchema })
export const shareTokenParamsSchema = z.object({
  token: z.string().regex(SHARE_TOKEN_PATTERN, { error: 'No such link.' }),
})
export const shareTokenFileParamsSchema = shareTokenParamsSchema.extend({ fileId: itemIdSchema })

/** Where in a shared folder: absent for the shared folder itself. */
export const shareFolderQuerySchema = z.object({ folder: itemIdSchema.optional() })

export const unlockShareLinkSchema = z.object({
  password: z
    .string({ error: 'Enter the password.' })
    .min(1, 'Enter the password.')
    .max(SHARE_LINK_PASSWORD_MAX),
})

/** Header carrying the proof a password-protected link was unlocked (also `?key=` on downloads). */
export const SHARE_KEY_HEADER = 'X-Share-Key'

export const shareKeySchema = z.object({
  key: z.string().describe(`Send it as ${SHARE_KEY_HEADER} (or ?key= on download links)`),
  expiresAt: z.string(),
})

export const sharedFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number(),
  updatedAt: z.string(),
})
export type SharedFile = z.infer<typeof sharedFileSchema>

export const sharedFolderSchema = z.object({ id: z.string(), folder_name: z.string(), updatedAt: z.string() })

/** What a link's page shows first: what it shares and whether a password is needed. */
export const shareLinkInfoSchema = z.object({
  itemType: z.enum(['file', 'folder']),
  mode: z.enum(SHARE_LINK_MODES),
  name: z.string(),
  needsPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  /** A file link's file (when unlocked). */
  file: sharedFileSchema.nullable(),
  /** Who made the link, and when (null until unlocked: a password guards the names too). */
  sharedBy: z.string().nullable(),
  sharedAt: z.string().nullable(),
})
export type ShareLinkInfo = z.infer<typeof shareLinkInfoSchema>

/** One folder of a shared folder, as the link's visitor sees it. */
export const sharedListingSchema = z.object({
  folder: sharedFolderSchema,
  /** From the shared folder down to this one. */
  breadcrumbs: z.array(z.object({ id: z.string(), folder_name: z.string() })),
  folders: z.array(sharedFolderSchema),
  files: z.array(sharedFileSchema),
  canDownload: z.boolean(),
})
export type SharedListing = z.infer<typeof sharedListingSchema>

export const droppedFileSchema = z.object({ filename: z.string(), size: z.number() })

/** Who sends files through a file drop: the link's page asks for both; a script may send neither. */
export const dropSenderSchema = z.object({
  from_name: z
    .string({ error: 'Enter your name.' })
    .trim()
    .min(1, 'Enter your name.')
    .max(100, 'Keep your name under 100 characters.'),
  from_email: z
    .string({ error: 'Enter your e-mail address.' })
    .trim()
    .max(254, 'That address is too long.')
    .pipe(z.email({ error: 'Enter a valid e-mail address.' })),
})
export type DropSender = z.infer<typeof dropSenderSchema>

/** A file drop's query: the file's name and, together or not at all (`senderTogether`), who sends it. */
export const fileDropQuerySchema = z.object({
  name: z.string({ error: 'Give the file’s name.' }).min(1).max(1024),
  from_name: dropSenderSchema.shape.from_name.optional(),
  from_email: dropSenderSchema.shape.from_email.optional(),
})

/** The refinement a file drop's whole query takes: the sender's name and address come as a pair. */
export const senderTogether: [
  (q: { from_name?: string | undefined; from_email?: string | undefined }) => boolean,
  { path: string[]; message: string },
] = [
  (q) => (q.from_name === undefined) === (q.from_email === undefined),
  { path: ['from_email'], message: 'Send the sender’s name and e-mail address together, or neither.' },
]

export const shareLinkRevokedSchema = z.object({ id: z.string(), revoked: z.literal(true) })
