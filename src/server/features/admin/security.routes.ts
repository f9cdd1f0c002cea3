import { z } from 'zod'
import {
  securitySettingsSchema,
  securitySettingsUpdateSchema,
  twoFactorResetResultSchema,
} from '../../../shared/contract/two-factor'
import { defineRoute } from '../../lib/http/route'
import { getSecuritySettings, updateSecuritySettings } from './security-settings.service'
import { resetTwoFactor } from './two-factor-reset.service'

// The admins' side of two-factor sign-in (docs/decisions/0044): the requirement for staff and admins,
// and resetting a user's second factor.

/** Weakening or resetting anyone's sign-in is a credential change: it takes a browser session. */
const sessionOnly =
  'Security settings and second factors are changed from a signed-in browser session, not with an access token.'

export const adminSecurityRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/security-settings',
    summary: 'The security settings: whether staff and admins must use two-factor sign-in',
    tags: ['admin'],
    access: 'admin',
    responses: { 200: { description: 'The settings', schema: securitySettingsSchema } },
    handler: (c) => getSecuritySettings(c.var.deps, c.var.caller),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/admin/security-settings',
    summary: 'Changes the security settings (audited)',
    tags: ['admin'],
    access: 'admin',
    sessionOnly,
    request: { body: securitySettingsUpdateSchema },
    responses: { 200: { description: 'The settings after the change', schema: securitySettingsSchema } },
    handler: (c, { body }) => updateSecuritySettings(c.var.deps, c.var.caller, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/users/:id/two-factor',
    summary: 'Resets a user’s two-factor sign-in; the user is e-mailed (audited)',
    tags: ['admin'],
    access: 'admin',
    sessionOnly,
    request: { params: z.object({ id: z.string().uuid() }) },
    responses: {
      200: {
        description: 'Whether the user had it on',
        schema: twoFactorResetResultSchema,
      },
      403: { description: 'Your own: turn it off on your profile instead' },
      404: { description: 'No such user' },
    },
    handler: (c, { params }) => resetTwoFactor(c.var.deps, c.var.caller, params.id),
  }),
]
