import { z } from 'zod'

// The one error shape of the whole API: RFC 9457 application/problem+json, plus a stable `code`
// the UI can switch on and per-field messages (`errors`, keyed by dotted field path).

export const PROBLEM_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'csrf_rejected',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const
export type ProblemCode = (typeof PROBLEM_CODES)[number]

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    detail: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Problem', description: 'An error, as application/problem+json (RFC 9457).' })
export type Problem = z.infer<typeof problemSchema>

export { PROBLEM_CONTENT_TYPE } from './problem-content-type'
