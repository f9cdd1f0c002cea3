import { z } from 'zod'
import { tokenSchema } from '../../../shared/contract/accounts'
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
} from '../../../shared/contract/invitations'
import { defineRoute } from '../../lib/http/route'
import { clientInfo } from '../accounts/client-info'
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.service'

const idParams = z.object({ id: z.string().uuid() })

export const invitationsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/invitations',
    summary: 'Open invitations (pending or expired), newest first',
    tags: ['admin'],
    access: 'admin',
    responses: { 200: { description: 'Open invitations', schema: invitationListSchema } },
    handler: (c) => listInvitations(c.var.deps, c.var.caller),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/invitations',
    summary: 'Invites a person by e-mail with a role and staff functions',
    tags: ['admin'],
    access: 'admin',
    request: { body: invitationCreateSchema },
    responses: {
      201: { description: 'Invited; the e-mail is on its way', schema: invitationSchema },
      409: { description: 'The address has an account or an open invitation' },
    },
    handler: (c, { body }) => createInvitation(c.var.deps, c.var.caller, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/invitations/:id/resend',
    summary: 'Mails a new link with a new expiry; the old link stops working',
    tags: ['admin'],
    access: 'admin',
    request: { params: idParams },
    responses: { 200: { description: 'Sent again', schema: invitationSchema } },
    handler: (c, { params }) => resendInvitation(c.var.deps, c.var.caller, params.id),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/invitations/:id',
    summary: 'Revokes an open invitation; its link stops working',
    tags: ['admin'],
    access: 'admin',
    request: { params: idParams },
    responses: { 204: { description: 'Revoked' } },
    handler: async (c, { params }) => {
      await revokeInvitation(c.var.deps, c.var.caller, params.id)
      return c.body(null, 204)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/invitations/preview',
    summary: 'The address and role an invitation link was sent for, if it can still be accepted',
    tags: ['account'],
    access: 'public',
    request: { body: tokenSchema },
    responses: {
      200: { description: 'The invitation', schema: invitationPreviewSchema },
      404: { description: 'No invitation has this link' },
      410: { description: 'Accepted, revoked or expired' },
    },
    handler: (c, { body }) => previewInvitation(c.var.deps, body.token),
  }),
  defineRoute({
    method: 'post',
    path: '/api/invitations/accept',
    summary: 'Creates the invited account (verified, with its role); then sign in',
    tags: ['account'],
    access: 'public',
    request: { body: invitationAcceptSchema },
    responses: {
      201: { description: 'The account exists; sign in', schema: z.object({ email: z.string() }) },
      404: { description: 'No invitation has this link' },
      409: { description: 'An account with the address exists' },
      410: { description: 'Accepted, revoked or expired' },
    },
    handler: (c, { body }) => acceptInvitation(c.var.deps, body, clientInfo(c)),
  }),
]
