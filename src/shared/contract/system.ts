import { z } from 'zod'

export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' })

export const readinessSchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({
      database: z.enum(['ok', 'unreachable']),
      migrations: z.enum(['ok', 'pending', 'unknown']),
    }),
    pendingMigrations: z.array(z.string()).optional(),
  })
  .meta({ id: 'Readiness' })
export type Readiness = z.infer<typeof readinessSchema>

/** The OpenAPI 3.1 document that describes this API (only its outline is checked here). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
})
