import {
  firstAdminCreatedSchema,
  firstAdminSchema,
  setupStateSchema,
} from '../../../shared/contract/accounts'
import { defineRoute } from '../../lib/http/route'
import { signInOnResponse } from '../accounts/sign-in/session-cookie'
import { createFirstAdmin, isSetupNeeded } from './first-run.service'

export const setupRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/setup',
    summary: 'Whether the first admin still has to be created',
    tags: ['setup'],
    access: 'public',
    responses: { 200: { description: 'Setup state', schema: setupStateSchema } },
    handler: async (c) => ({ needed: await isSetupNeeded(c.var.deps) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/setup',
    summary: 'Creates the first admin with the one-time link from the server log, and signs them in',
    tags: ['setup'],
    access: 'public',
    request: { body: firstAdminSchema },
    responses: {
      201: {
        description: 'The first admin exists and is signed in (the answer sets the session cookie)',
        schema: firstAdminCreatedSchema,
      },
      410: { description: 'The link expired or was used, or an admin exists' },
    },
    handler: async (c, { body }) => {
      const admin = await createFirstAdmin(c.var.deps, body)
      await signInOnResponse(c, admin)
      return admin
    },
  }),
]
