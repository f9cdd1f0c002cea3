import { z } from 'zod'

// Personal access tokens (docs/decisions/0057): what scripts and integrations send as
// `Authorization: Bearer dpt_…` instead of a session cookie.

/** Every token starts with this, so a leaked one is recognisable (and secret scanners can match it). */
export const ACCESS_TOKEN_PREFIX = 'dpt_'
/** The whole token: the prefix and 256 random bits, base64url. */
export const ACCESS_TOKEN_PATTERN = /^dpt_[A-Za-z0-9_-]{43}$/

export const ACCESS_TOKEN_SCOPES = ['read-only', 'read-write'] as const
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number]

/** How long a new token lives, in days: every token expires, at most a year after it is made. */
export const ACCESS_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const
export const ACCESS_TOKEN_MAX_PER_USER = 50
export const ACCESS_TOKEN_NAME_MAX = 100

export const createAccessTokenSchema = z.object({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(ACCESS_TOKEN_NAME_MAX, `Keep the name under ${ACCESS_TOKEN_NAME_MAX} characters`)
    .refine((v) => !/[\r\n\t]/.test(v), 'The name cannot contain line breaks'),
  scope: z.enum(ACCESS_TOKEN_SCOPES, { error: 'Choose read-only or read-write' }),
  expiresInDays: z.union(
    ACCESS_TOKEN_EXPIRY_DAYS.map((d) => z.literal(d)),
    { error: `Choose ${ACCESS_TOKEN_EXPIRY_DAYS.join(', ')} days` },
  ),
})
export type CreateAccessToken = z.infer<typeof createAccessTokenSchema>

export const accessTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(ACCESS_TOKEN_SCOPES),
    /** The token's first characters, to tell tokens apart; never enough to use. */
    hint: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    expired: z.boolean(),
    lastUsedAt: z.string().nullable(),
    lastUsedIp: z.string().nullable(),
  })
  .meta({ id: 'AccessToken' })
export type AccessToken = z.infer<typeof accessTokenSchema>

/** The answer to creating a token: the only time the secret itself is ever shown. */
export const createdAccessTokenSchema = accessTokenSchema
  .extend({ token: z.string().describe('The secret: send it as Authorization: Bearer <token>') })
  .meta({ id: 'CreatedAccessToken' })
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>
