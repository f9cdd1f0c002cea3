import { z } from 'zod'
import { problemSchema } from './problem'

export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' })

const readinessChecksSchema = z.object({
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
})

/** GET /readyz when ready (200). */
export const readinessSchema = z
  .object({ status: z.literal('ready'), checks: readinessChecksSchema })
  .meta({ id: 'Readiness' })
export type Readiness = z.infer<typeof readinessSchema>

/** GET /readyz when not ready (503): a Problem whose extension members say which check failed. */
export const notReadyProblemSchema = problemSchema
  .extend({
    code: z.literal('service_unavailable'),
    checks: readinessChecksSchema,
    pendingMigrations: z.array(z.string()).optional(),
  })
  .meta({
    id: 'NotReadyProblem',
    description: 'A Problem (RFC 9457) naming the readiness checks that failed.',
  })
export type NotReadyProblem = z.infer<typeof notReadyProblemSchema>

/** The OpenAPI 3.1 document that describes this API (only its outline is checked here). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
})
