import { PROBLEM_CONTENT_TYPE } from '../../../shared/contract/problem'
import { healthSchema, notReadyProblemSchema, readinessSchema } from '../../../shared/contract/system'
import { defineRoute } from '../../lib/http/route'
import { checkReadiness } from './system.service'

export const systemRoutes = [
  defineRoute({
    method: 'get',
    path: '/healthz',
    summary: 'Liveness: the process is up and serving',
    tags: ['system'],
    access: 'public',
    responses: { 200: { description: 'Alive', schema: healthSchema } },
    handler: () => ({ status: 'ok' as const }),
  }),
  defineRoute({
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: the database is reachable and migrations are applied',
    tags: ['system'],
    access: 'public',
    responses: {
      200: { description: 'Ready to serve', schema: readinessSchema },
      503: {
        description: 'Not ready: a Problem naming the failed checks (with Retry-After)',
        schema: notReadyProblemSchema,
        contentType: PROBLEM_CONTENT_TYPE,
      },
    },
    handler: async (c) => c.json(await checkReadiness(c.var.deps), 200, { 'Cache-Control': 'no-store' }),
  }),
]
