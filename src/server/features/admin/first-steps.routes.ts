import { firstStepsSchema } from '../../../shared/contract/first-steps'
import { defineRoute } from '../../lib/http/route'
import { getFirstSteps, hideFirstSteps } from './first-steps.service'

// The first steps of a new site, on the admins' dashboard: what is done, and hiding the card.

export const firstStepsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/first-steps',
    summary: 'The first steps of a new site (logo, product, staff, mailbox), each ticked when done',
    tags: ['admin'],
    access: 'admin',
    responses: { 200: { description: 'The steps and whether the card shows', schema: firstStepsSchema } },
    handler: (c) => getFirstSteps(c.var.deps, c.var.caller),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/first-steps/hide',
    summary: 'Hides the first-steps card for every admin',
    tags: ['admin'],
    access: 'admin',
    responses: { 200: { description: 'The steps, hidden', schema: firstStepsSchema } },
    handler: (c) => hideFirstSteps(c.var.deps, c.var.caller),
  }),
]
