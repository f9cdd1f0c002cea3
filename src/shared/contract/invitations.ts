import { z } from 'zod'
import { ROLES, STAFF_FUNCTIONS } from '../enums'
import { emailSchema, firstAdminSchema, passwordSchema, tokenSchema } from './accounts'

// Invitations: admins invite people by e-mail with a role and staff functions; the link in the
// e-mail lets the invitee choose their name and password, and signs them up already verified.

/** How long an invitation link works. */
export const INVITATION_LIFETIME_DAYS = 7

export const invitationCreateSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(', ')}` }),
  staffFunctions: z
    .array(z.enum(STAFF_FUNCTIONS, { error: `Each function must be one of: ${STAFF_FUNCTIONS.join(', ')}` }))
    .max(STAFF_FUNCTIONS.length)
    .default([]),
})
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    staffFunctions: z.array(z.enum(STAFF_FUNCTIONS)),
    /** Pending until the expiry; an expired invitation can be sent again. */
    status: z.enum(['pending', 'expired']),
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'Invitation' })
export type Invitation = z.infer<typeof invitationSchema>

export const invitationListSchema = z
  .object({ items: z.array(invitationSchema) })
  .meta({ id: 'InvitationList' })

/** What the accept page shows before the form: only what the link's holder already knows. */
export const invitationPreviewSchema = z
  .object({ email: z.string(), role: z.enum(ROLES) })
  .meta({ id: 'InvitationPreview' })

export const invitationAcceptSchema = z.object({
  token: tokenSchema.shape.token,
  first_name: firstAdminSchema.shape.first_name,
  last_name: firstAdminSchema.shape.last_name,
  password: passwordSchema,
})
export type InvitationAcceptInput = z.infer<typeof invitationAcceptSchema>
