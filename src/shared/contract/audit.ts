import { z } from 'zod'
import { listQuerySchema, listResponseSchema, optionalChoice, optionalIsoDate } from './list'

// The audit log (product.md §6 lists it among the staff tables): who did what,
// to what, when and from where. Admins read it; nobody edits it.

/** Every action the server records. The server writes only these (audit.service.ts). */
export const AUDIT_ACTIONS = [
  'signin.success',
  'signin.failure',
  'signout',
  'signup',
  'email.verified',
  'password.changed',
  'password.reset',
  'role.changed',
  'functions.changed',
  'restriction.changed',
  'sessions.revoked',
  'export',
  'admin.setup',
  'invitation.sent',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'provider.linked',
  'inbox.deleted',
  'inbox.resolved',
  'inbox.reopened',
  'inbox.replied',
  'inbox.assigned',
  'settings.changed',
  'privacy.exported',
  'privacy.erased',
  'order.refund_requested',
  'discount.created',
  'discount.updated',
  'access_token.created',
  'access_token.revoked',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes_renewed',
  'two_factor.recovery_code_used',
  'two_factor.reset',
  'share_link.created',
  'share_link.revoked',
  'share_link.password_failed',
  'share_link.file_dropped',
  'file_version.restored',
  'file_version.deleted',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_SORTS = ['createdAt', 'action', 'actorEmail'] as const
export const auditListQuerySchema = listQuerySchema({
  sortable: AUDIT_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: {
    action: optionalChoice(AUDIT_ACTIONS, 'Action'),
    from: optionalIsoDate,
    to: optionalIsoDate,
  },
})
export type AuditListQuery = z.infer<typeof auditListQuerySchema>

export const auditEventSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    action: z.string(),
    /**
     * Who acted: id and e-mail as recorded then (null for the system or an anonymous caller); their
     * name as it is now (null when unknown or the account is gone).
     */
    actor: z
      .object({ id: z.string().nullable(), email: z.string().nullable(), name: z.string().nullable() })
      .nullable(),
    /** What was acted on; `label` names it (a user's name, an order's products). */
    target: z.object({ type: z.string(), id: z.string(), label: z.string() }).nullable(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** The details in words: money formatted, an export's filters described. */
    summary: z.string(),
    /** What the action recorded about itself (never a secret: the writer refuses those keys). */
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEvent' })
export type AuditEventItem = z.infer<typeof auditEventSchema>
export const auditListSchema = listResponseSchema(auditEventSchema).meta({ id: 'AuditEventList' })
