import {
  accountClaimedSchema,
  CHECK_EMAIL_MESSAGE,
  changePasswordSchema,
  checkEmailSchema,
  claimAccountSchema,
  emailOnlySchema,
  emailVerifiedSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signUpSchema,
  tokenSchema,
} from '../../../shared/contract/accounts'
import { defineRoute } from '../../lib/http/route'
import { clientInfo } from './client-info'
import { changePassword, requestPasswordReset, resetPassword } from './sign-in/passwords.service'
import { signInOnResponse } from './sign-in/session-cookie'
import { claimAccount } from './sign-up/buyer-accounts.service'
import { confirmEmail, resendVerification, signUp } from './sign-up/signup.service'

// Sign-up, e-mail verification and passwords (product.md §1). Sign-up, resend and forgot-password
// answer identically for registered and unknown addresses.

const checkEmail = { status: 'check_email' as const, message: CHECK_EMAIL_MESSAGE }
const accepted = { 202: { description: 'Accepted: check your inbox', schema: checkEmailSchema } }
const tooMany = { 429: { description: 'Too many e-mails requested for this address or from this network' } }

export const accountsRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/accounts/sign-up',
    summary: 'Creates an account and mails a verification link',
    tags: ['account'],
    access: 'public',
    request: { body: signUpSchema },
    responses: { ...accepted, ...tooMany },
    handler: async (c, { body }) => {
      await signUp(c.var.deps, body, clientInfo(c))
      return c.json(checkEmail, 202)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/accounts/verify-email',
    summary: 'Confirms an e-mail address with the token from the mail, and signs that browser in',
    tags: ['account'],
    access: 'public',
    request: { body: tokenSchema },
    responses: {
      200: {
        description:
          'Verified; signed_in says whether a session began (not for two-factor or suspended accounts)',
        schema: emailVerifiedSchema,
      },
      400: { description: 'The link expired or was already used' },
    },
    handler: async (c, { body }) => {
      const confirmed = await confirmEmail(c.var.deps, body.token)
      if (confirmed.signIn) await signInOnResponse(c, confirmed.user)
      return { status: 'verified' as const, email: confirmed.email, signed_in: confirmed.signIn }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/accounts/claim',
    summary:
      'Claims the account a purchase made, from the receipt’s link: sets the name and password, confirms the address, signs in',
    tags: ['account'],
    access: 'public',
    request: { body: claimAccountSchema },
    responses: {
      200: { description: 'Claimed and signed in', schema: accountClaimedSchema },
      400: { description: 'The link expired or was already used' },
      422: { description: 'A field is missing or the password is too weak' },
    },
    handler: async (c, { body }) => {
      const claimed = await claimAccount(c.var.deps, body, clientInfo(c))
      if (claimed.signIn) await signInOnResponse(c, claimed.user)
      return { status: 'claimed' as const, email: claimed.user.email, signed_in: claimed.signIn }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/accounts/resend-verification',
    summary: 'Mails a fresh verification link',
    tags: ['account'],
    access: 'public',
    request: { body: resendVerificationSchema },
    responses: { ...accepted, ...tooMany },
    handler: async (c, { body }) => {
      await resendVerification(c.var.deps, body.email, clientInfo(c), body.callbackUrl)
      return c.json(checkEmail, 202)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/accounts/forgot-password',
    summary: 'Mails a password reset link',
    tags: ['account'],
    access: 'public',
    request: { body: emailOnlySchema },
    responses: { ...accepted, ...tooMany },
    handler: async (c, { body }) => {
      await requestPasswordReset(c.var.deps, body.email, clientInfo(c))
      return c.json(checkEmail, 202)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/accounts/reset-password',
    summary: 'Sets a new password from a reset link; ends every session',
    tags: ['account'],
    access: 'public',
    request: { body: resetPasswordSchema },
    responses: {
      204: { description: 'Password changed; sign in again' },
      400: { description: 'The link expired or was used' },
    },
    handler: async (c, { body }) => {
      await resetPassword(c.var.deps, body.token, body.password, clientInfo(c))
      return undefined
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/me/password',
    summary: 'Changes the password (the current one is required); other sessions end',
    tags: ['account'],
    access: 'signedIn',
    sessionOnly: 'The password is changed from a signed-in browser session, not with an access token.',
    request: { body: changePasswordSchema },
    responses: { 204: { description: 'Changed' } },
    handler: async (c, { body }) => {
      const session = c.var.session!
      await changePassword(c.var.deps, session.user.id, session.id, body, clientInfo(c))
      return undefined
    },
  }),
]
