import { z } from 'zod'
import { ACCOUNT_TYPES, ROLES, STAFF_FUNCTIONS } from '../enums'
import { listQuerySchema, listResponseSchema, optionalChoice, optionalIsoDate } from './list'

// The admin's users table and user page.

export const ADMIN_USER_SORTS = ['name', 'email', 'role', 'account_type', 'createdAt'] as const

export const adminUserListQuerySchema = listQuerySchema({
  sortable: ADMIN_USER_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: {
    role: optionalChoice(ROLES, 'Role'),
    account_type: optionalChoice(ACCOUNT_TYPES, 'Account type'),
    restricted: optionalChoice(['true', 'false'], 'Restricted'),
    verified: optionalChoice(['true', 'false'], 'Verified'),
    from: optionalIsoDate,
    to: optionalIsoDate,
  },
})
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>

/** What the caller may do to this user; the UI shows only these actions (decided by the policy). */
export const userAbilitiesSchema = z.object({
  changeRole: z.boolean(),
  restrict: z.boolean(),
  endSessions: z.boolean(),
})

export const adminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    account_type: z.enum(ACCOUNT_TYPES),
    business_name: z.string().nullable(),
    industry: z.string().nullable(),
    role: z.enum(ROLES),
    staffFunctions: z.array(z.enum(STAFF_FUNCTIONS)),
    isRestricted: z.boolean(),
    emailVerified: z.string().nullable(),
    createdAt: z.string(),
    abilities: userAbilitiesSchema,
  })
  .meta({ id: 'AdminUser' })
export type AdminUser = z.infer<typeof adminUserSchema>

export const adminUserListSchema = listResponseSchema(adminUserSchema).meta({ id: 'AdminUserList' })

export const adminUserDetailSchema = adminUserSchema
  .extend({
    sessions: z.number().int(),
    providers: z.array(z.string()),
    /** Whether the user has two-factor sign-in on (an admin may reset it). */
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'AdminUserDetail' })
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>

export const accessChangeSchema = z
  .object({
    role: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(', ')}` }).optional(),
    staffFunctions: z
      .array(
        z.enum(STAFF_FUNCTIONS, { error: `Each function must be one of: ${STAFF_FUNCTIONS.join(', ')}` }),
      )
      .max(STAFF_FUNCTIONS.length)
      .optional(),
    isRestricted: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.staffFunctions !== undefined || v.isRestricted !== undefined, {
    message: 'Say what to change: role, staffFunctions or isRestricted',
  })
export type AccessChangeInput = z.infer<typeof accessChangeSchema>

/**
 * DELETE /api/admin/users/:id/sessions: `?tokens=true` also revokes the user's access tokens (decision
 * 0111); without it their tokens keep working.
 */
export const endSessionsQuerySchema = z.object({ tokens: optionalChoice(['true', 'false'], 'tokens') })
/** How many sessions ended, and how many access tokens were revoked (0 when they were kept). */
export const sessionsEndedSchema = z.object({
  ended: z.number().int(),
  tokensRevoked: z.number().int(),
  tokensKept: z.number().int(),
})
