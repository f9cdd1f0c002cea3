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
