import { z } from 'zod'
import { sessionUserSchema } from './accounts'

// What Auth.js's own endpoints under /api/auth answer, as the web app reads them.

/** GET /api/auth/csrf: the token every Auth.js POST sends back (it also sets its cookie). */
export const authCsrfSchema = z.object({ csrfToken: z.string().min(1) })

/** A POST sent with `X-Auth-Return-Redirect: 1`: where Auth.js would have redirected, instead of the redirect. */
export const authRedirectSchema = z.object({ url: z.string() })

/** GET /api/auth/session: the signed-in user, re-checked by the server on every call, or null. */
export const authSessionSchema = z
  .object({ user: sessionUserSchema.optional(), expires: z.string().optional() })
  .nullable()
export type AuthSession = z.infer<typeof authSessionSchema>

/** GET /api/auth/providers: every configured way to sign in, keyed by provider id. */
export const authProvidersSchema = z.record(
  z.string(),
  z.object({ id: z.string(), name: z.string(), type: z.string() }),
)
export type AuthProviders = z.infer<typeof authProvidersSchema>
