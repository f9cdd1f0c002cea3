import { z } from 'zod'

// Two-factor sign-in (docs/decisions/0044): an authenticator app (TOTP, 6 digits every 30 seconds)
// and ten single-use recovery codes, managed from the profile page; admins may require it for staff
// and admins, and reset a user's second factor.

export const RECOVERY_CODE_COUNT = 10

/** A code from the authenticator app (6 digits) or a recovery code (xxxx-xxxx-xxxx-xxxx). */
export const twoFactorCodeSchema = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(64, 'That code is too long')

/** A current code from the authenticator app; recovery codes are for signing in only. */
export const authenticatorCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'))

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    /** When the authenticator was confirmed (ISO-8601), or null. */
    enabledAt: z.string().nullable(),
    /** Unused recovery codes left. */
    recoveryCodesLeft: z.number().int(),
    /** Whether the admins' setting requires it of this user (admins, or staff and admins). */
    required: z.boolean(),
    /**
     * While required and not set up: when the grace period ends (ISO-8601); past it, nothing but
     * enrolment works. Null otherwise.
     */
    dueBy: z.string().nullable(),
  })
  .meta({ id: 'TwoFactorStatus' })
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>

/** A new secret to add to the authenticator app; enrolment ends when a code from it is confirmed. */
export const twoFactorSetupSchema = z
  .object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    /** The otpauth:// URI the QR code holds. */
    otpauthUri: z.string(),
    /** The QR code as a data: URL (SVG). */
    qrCode: z.string(),
  })
  .meta({ id: 'TwoFactorSetup' })
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>

export const twoFactorConfirmSchema = z.object({ code: authenticatorCodeSchema })

/** The recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'TwoFactorRecoveryCodes' })
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>

/** Turning it off needs the password, or a code (authenticator or recovery) for accounts without one. */
export const twoFactorDisableSchema = z
  .object({
    password: z.string().max(256).optional(),
    code: twoFactorCodeSchema.optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    message: 'Enter your password or a code from your authenticator app',
    path: ['password'],
  })

/**
 * Who must use two-factor sign-in (decision 0112): nobody (`off`), admins (`admins`, a new site's
 * default), or staff and admins (`staff`). Each has TWO_FACTOR_GRACE_DAYS from their first sign-in, or
 * from when the requirement came to include them, to set it up.
 */
export const TWO_FACTOR_REQUIREMENTS = ['off', 'admins', 'staff'] as const
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number]
export const TWO_FACTOR_GRACE_DAYS = 7

/** The admins' security settings. */
export const securitySettingsSchema = z
  .object({
    twoFactorRequirement: z.enum(TWO_FACTOR_REQUIREMENTS, {
      error: 'Choose off, admins, or staff and admins',
    }),
  })
  .meta({ id: 'SecuritySettings' })
export type SecuritySettings = z.infer<typeof securitySettingsSchema>
export const securitySettingsUpdateSchema = securitySettingsSchema

/** The problem code every API answers with while a staff member or admin still has to enrol. */
export const TWO_FACTOR_ENROLMENT_REQUIRED = 'two_factor_enrolment_required'

/** DELETE /api/admin/users/:id/two-factor: whether there was anything to reset. */
export const twoFactorResetResultSchema = z
  .object({ reset: z.boolean() })
  .meta({ id: 'TwoFactorResetResult' })
