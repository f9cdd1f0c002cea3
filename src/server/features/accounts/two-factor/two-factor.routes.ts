import type { Context } from 'hono'
import {
  recoveryCodesSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../../shared/contract/two-factor'
import type { AppEnv } from '../../../deps'
import { defineRoute } from '../../../lib/http/route'
import { clientInfo } from '../client-info'
import { disableTwoFactor } from './disable.service'
import { confirmEnrolment, startEnrolment, twoFactorStatus } from './enrolment.service'
import { renewRecoveryCodes } from './recovery-codes.service'

// The signed-in user's two-factor sign-in, from the profile (docs/decisions/0044). Status, set-up and
// confirmation stay open while the admins' setting requires a staff member or admin to enrol.

const me = (c: Context<AppEnv>) => c.var.session!.user
const wrongCode = { 422: { description: 'The code (or password) is not right' } }
const tooMany = { 429: { description: 'Too many codes tried; see Retry-After' } }
/** Changing the second factor is changing a credential: a leaked access token must not do it. */
const sessionOnly =
  'Two-factor sign-in is changed from a signed-in browser session, not with an access token.'

export const twoFactorRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/me/two-factor',
    summary: 'Whether two-factor sign-in is on, and whether the admins require it of the user',
    tags: ['account'],
    access: 'signedIn',
    duringTwoFactorEnrolment: true,
    responses: { 200: { description: 'The status', schema: twoFactorStatusSchema } },
    handler: (c) => twoFactorStatus(c.var.deps, me(c)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/me/two-factor/setup',
    summary: 'A new secret for the authenticator app (QR code and text); confirm it with a code',
    tags: ['account'],
    access: 'signedIn',
    sessionOnly,
    duringTwoFactorEnrolment: true,
    responses: {
      200: { description: 'The secret to add to the app', schema: twoFactorSetupSchema },
      409: { description: 'Two-factor sign-in is already on' },
    },
    handler: (c) => startEnrolment(c.var.deps, me(c)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/me/two-factor/enable',
    summary: 'Turns two-factor sign-in on with a current code; answers the recovery codes, once (audited)',
    tags: ['account'],
    access: 'signedIn',
    sessionOnly,
    duringTwoFactorEnrolment: true,
    request: { body: twoFactorConfirmSchema },
    responses: {
      200: { description: 'On; the recovery codes', schema: recoveryCodesSchema },
      409: { description: 'Already on, or no set-up started' },
      ...wrongCode,
      ...tooMany,
    },
    handler: (c, { body }) => confirmEnrolment(c.var.deps, me(c), body.code, clientInfo(c)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/me/two-factor/recovery-codes',
    summary: 'New recovery codes with a current code; the old ones stop working (audited)',
    tags: ['account'],
    access: 'signedIn',
    sessionOnly,
    request: { body: twoFactorConfirmSchema },
    responses: {
      200: { description: 'The new recovery codes, shown once', schema: recoveryCodesSchema },
      409: { description: 'Two-factor sign-in is not on' },
      ...wrongCode,
      ...tooMany,
    },
    handler: (c, { body }) => renewRecoveryCodes(c.var.deps, me(c), body.code, clientInfo(c)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/me/two-factor/disable',
    summary: 'Turns two-factor sign-in off with the password or a code (audited)',
    tags: ['account'],
    access: 'signedIn',
    sessionOnly,
    request: { body: twoFactorDisableSchema },
    responses: {
      204: { description: 'Off' },
      409: { description: 'Two-factor sign-in is not on' },
      ...wrongCode,
      ...tooMany,
    },
    handler: async (c, { body }) => {
      await disableTwoFactor(c.var.deps, me(c), body, clientInfo(c))
      return undefined
    },
  }),
]
