import { z } from 'zod'
import { ACCOUNT_TYPES, ROLES, STAFF_FUNCTIONS } from '../enums'
import { SITE_ADDRESS_MAX, siteIdentityUpdateSchema, taxNumberField } from './site'

// Sign-in and account shapes shared by the server (validation) and the web app (forms).

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 256

/** Never trimmed or truncated: what the user typed is the password (product.md §1). */
export const passwordSchema = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`)

export const emailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .max(254, 'That address is too long')
  .pipe(z.email('Enter a valid e-mail address'))

export const credentialsSchema = z.object({
  email: emailSchema,
  // Sign-in checks only presence: a wrong password of any length is simply wrong.
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX, 'Enter your password'),
})

/** The signed-in user as the session endpoint and /api/me present them. */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    account_type: z.enum(ACCOUNT_TYPES),
    role: z.enum(ROLES),
    staffFunctions: z.array(z.enum(STAFF_FUNCTIONS)),
    /**
     * True once the grace period to set up the two-factor sign-in the admins require has ended: only
     * enrolment works until it is set up.
     */
    mustEnrolTwoFactor: z.boolean().optional(),
    /** During the grace period: when it ends (ISO-8601); the web shows a banner until then. */
    twoFactorDueBy: z.string().optional(),
  })
  .meta({ id: 'SessionUser' })
export type SessionUser = z.infer<typeof sessionUserSchema>

/** The signed-in user's own account, as GET /api/me presents it to the profile page. */
export const meSchema = sessionUserSchema
  .extend({
    business_name: z.string().nullable(),
    industry: z.string().nullable(),
    /** Printed on the user's invoices: billing address (lines separated by \n) and tax number. */
    billing_address: z.string().nullable(),
    tax_number: z.string().nullable(),
    /** When the address was confirmed (ISO-8601), or null while it is not. */
    emailVerified: z.string().nullable(),
    /** False for accounts made through an identity provider: they have no password to change. */
    hasPassword: z.boolean(),
    /** The identity providers linked to the account (Account.provider), e.g. ["oidc"]. */
    providers: z.array(z.string()),
  })
  .meta({ id: 'Me' })
export type Me = z.infer<typeof meSchema>

/**
 * Codes the credentials sign-in can fail with (Auth.js puts them in the `code` query parameter).
 * `restricted` and `email_not_verified` are only ever said after a correct password.
 */
export const SIGN_IN_ERROR_CODES = [
  'invalid_credentials',
  'email_not_verified',
  'restricted',
  'rate_limited',
  // An identity provider that shares no usable e-mail address (no `email` claim, an empty or malformed
  // one) cannot create an account: the e-mail is how we reach and find the person.
  'provider_email_missing',
  // The account has two-factor sign-in: the password (or the identity provider) was right, and a
  // code from the authenticator app or a recovery code is needed too; or the one given was wrong.
  'two_factor_required',
  'two_factor_invalid',
  // The provider's sign-in was too long ago (or its ticket is not ours): start again.
  'two_factor_expired',
] as const
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number]

export const sessionSummarySchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string().nullable(),
    expires: z.string(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionSummary' })
export type SessionSummary = z.infer<typeof sessionSummarySchema>

export const sessionIdParamsSchema = z.object({ id: z.string().uuid() })

const nameField = (label: string) =>
  z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(100, `Keep your ${label} under 100 characters`)
    .refine((v) => !/[\r\n\t]/.test(v), `Your ${label} cannot contain line breaks`)

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters`)
    .refine((v) => !/[\r\n]/.test(v), `The ${label} cannot contain line breaks`)
    .optional()
    .nullable()

/** A page of this site to come back to; anything else is ignored (src/shared/return-path.ts), never refused. */
const callbackUrlField = z.string().max(2000).optional()

/** Sign-up: individual or corporate; corporate accounts must name their business and industry. */
export const signUpSchema = z
  .object({
    account_type: z.enum(ACCOUNT_TYPES, { error: 'Choose individual or corporate' }).default('individual'),
    first_name: nameField('first name'),
    last_name: nameField('last name'),
    email: emailSchema,
    password: passwordSchema,
    business_name: optionalText('business name', 200),
    industry: optionalText('industry', 100),
    /** Where to go once the address is confirmed: the verification link carries it (paths on this site only). */
    callbackUrl: callbackUrlField,
  })
  .superRefine((value, ctx) => {
    if (value.account_type !== 'corporate') return
    if (!value.business_name)
      ctx.addIssue({ code: 'custom', path: ['business_name'], message: 'Enter your business name' })
    if (!value.industry) ctx.addIssue({ code: 'custom', path: ['industry'], message: 'Enter your industry' })
  })
export type SignUpInput = z.infer<typeof signUpSchema>

export const emailOnlySchema = z.object({ email: emailSchema })
export const resendVerificationSchema = emailOnlySchema.extend({ callbackUrl: callbackUrlField })
export const tokenSchema = z.object({
  token: z.string().min(10, 'This link is incomplete').max(200, 'This link is invalid'),
})
export const resetPasswordSchema = z.object({ token: tokenSchema.shape.token, password: passwordSchema })
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  newPassword: passwordSchema,
  /** Also revoke every access token of the account (on unless said otherwise; decision 0111). */
  revokeAccessTokens: z.boolean().default(true),
})

/** One answer for sign-up, resend and forgot-password, whether or not the address is registered. */
export const checkEmailSchema = z
  .object({ status: z.literal('check_email'), message: z.string() })
  .meta({ id: 'CheckEmail' })
export const CHECK_EMAIL_MESSAGE =
  'If that address can receive mail from us, a message is on its way. Check your inbox (and spam folder).'

/**
 * Creates the first admin from the one-time setup link the server logs when no admin exists, and
 * names the business (the site identity; address and support e-mail may wait for the settings page).
 */
export const firstAdminSchema = z.object({
  token: tokenSchema.shape.token,
  first_name: nameField('first name'),
  last_name: nameField('last name'),
  email: emailSchema,
  password: passwordSchema,
  business_name: siteIdentityUpdateSchema.shape.name,
  business_address: siteIdentityUpdateSchema.shape.address.optional(),
  support_email: siteIdentityUpdateSchema.shape.supportEmail.optional(),
})

/** What a user may change about themself on the profile page. */
export const profileUpdateSchema = z
  .object({
    first_name: nameField('first name'),
    last_name: nameField('last name'),
    // Individual ↔ corporate; corporate needs a business name and industry (checked with the stored ones).
    account_type: z.enum(ACCOUNT_TYPES, { error: 'Choose individual or corporate' }),
    business_name: optionalText('business name', 200),
    industry: optionalText('industry', 100),
    // Printed on invoices issued from now on; '' or null clears them.
    billing_address: z
      .string()
      .trim()
      .max(SITE_ADDRESS_MAX, `Keep the billing address under ${SITE_ADDRESS_MAX} characters`)
      .refine((v) => v.split(/\r?\n/).length <= 6, 'Use at most 6 lines')
      .nullable(),
    tax_number: taxNumberField.nullable(),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' })

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

/** GET /api/setup: whether the first admin still has to be created. */
export const setupStateSchema = z.object({ needed: z.boolean() })
/** POST /api/setup: the first admin, now signed in. */
export const firstAdminCreatedSchema = z.object({ id: z.string(), email: z.string() })
/** POST /api/accounts/verify-email: the address now confirmed. */
/** `signed_in`: confirming the address also signed this browser in (not for two-factor or suspended accounts). */
export const emailVerifiedSchema = z.object({
  status: z.literal('verified'),
  email: z.string(),
  signed_in: z.boolean(),
})

/** Claiming the account a purchase made: the receipt's token, a password and the buyer's name. */
export const claimAccountSchema = z.object({
  token: tokenSchema.shape.token,
  first_name: nameField('first name'),
  last_name: nameField('last name'),
  password: passwordSchema,
})
export type ClaimAccountInput = z.infer<typeof claimAccountSchema>
export const accountClaimedSchema = z.object({
  status: z.literal('claimed'),
  email: z.string(),
  signed_in: z.boolean(),
})
/** PUT /api/me/avatar: where the stored picture is served. */
export const avatarStoredSchema = z.object({ image: z.string() })
/** GET /api/me/sessions: the user's sessions, most recent first. */
export const sessionListSchema = z.array(sessionSummarySchema)
/** POST /api/me/sessions/sign-out-others: how many other sessions ended. */
export const otherSessionsEndedSchema = z.object({ ended: z.number().int().nonnegative() })
