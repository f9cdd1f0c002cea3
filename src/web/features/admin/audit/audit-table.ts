import { AUDIT_ACTIONS, AUDIT_SORTS, type AuditAction } from '../../../../shared/contract/audit'
import type { TableStateConfig } from '../../../lib/url-state'

// The audit log table's URL state: the parameters GET /api/admin/audit takes, newest first.

export const AUDIT_ENDPOINT = '/api/admin/audit'
export const AUDIT_FILTERS = ['action', 'from', 'to'] as const
export type AuditFilter = (typeof AUDIT_FILTERS)[number]
export type AuditSort = (typeof AUDIT_SORTS)[number]

export const AUDIT_TABLE: TableStateConfig<AuditSort, AuditFilter> = {
  sortable: AUDIT_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: AUDIT_FILTERS,
  defaultHidden: ['userAgent'],
}

const LABELS: Record<AuditAction, string> = {
  'signin.success': 'Signed in',
  'signin.failure': 'Sign-in failed',
  signout: 'Signed out',
  signup: 'Signed up',
  'email.verified': 'E-mail verified',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset',
  'role.changed': 'Role changed',
  'functions.changed': 'Staff functions changed',
  'restriction.changed': 'Restriction changed',
  'sessions.revoked': 'Sessions ended',
  export: 'Exported',
  'admin.setup': 'First admin set up',
  'invitation.sent': 'Invitation sent',
  'invitation.resent': 'Invitation sent again',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'provider.linked': 'Provider linked',
  'inbox.deleted': 'Inbox entries deleted',
  'inbox.resolved': 'Inbox entries resolved',
  'inbox.reopened': 'Inbox entries reopened',
  'inbox.replied': 'Inbox reply sent',
  'inbox.assigned': 'Inbox entry assigned',
  'settings.changed': 'Settings changed',
  'privacy.exported': 'Personal data exported',
  'privacy.erased': 'Personal data erased',
  'order.refund_requested': 'Refund requested',
  'discount.created': 'Discount code created',
  'discount.updated': 'Discount code changed',
  'access_token.created': 'Access token created',
  'access_token.revoked': 'Access token revoked',
  'two_factor.enabled': 'Two-factor sign-in turned on',
  'two_factor.disabled': 'Two-factor sign-in turned off',
  'two_factor.recovery_codes_renewed': 'Recovery codes renewed',
  'two_factor.recovery_code_used': 'Recovery code used',
  'two_factor.reset': 'Two-factor sign-in reset',
  'share_link.created': 'Share link made',
  'share_link.revoked': 'Share link revoked',
  'share_link.password_failed': 'Share link: wrong password',
  'share_link.file_dropped': 'File dropped through a share link',
  'file_version.restored': 'File version restored',
  'file_version.deleted': 'File version deleted',
}

/** A readable name for an action; one the web app does not know yet is shown as recorded. */
export function actionLabel(action: string): string {
  return (LABELS as Record<string, string>)[action] ?? action
}

export const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: LABELS[value] }))
