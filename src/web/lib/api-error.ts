import type { ProblemCode } from '../../shared/contract/problem'

// What every failed API call throws (made in api.ts, the only place that reads error responses).
// Screens switch on `code`, show `message`, put `fieldErrors` next to fields and quote `requestId` so
// support can find the request in the logs.

/** The server's problem codes, plus `network_error` for "no response at all". Features may add codes. */
export type ApiErrorCode = ProblemCode | 'network_error' | (string & {})

export interface ApiErrorInit {
  /** HTTP status; 0 when no response arrived. */
  status: number
  code: ApiErrorCode
  title: string
  detail?: string | undefined
  fieldErrors?: Record<string, string[]> | undefined
  requestId?: string | undefined
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorCode
  readonly title: string
  readonly detail: string | undefined
  /** Messages per field, keyed by the server's dotted path (`body.email`); see `fieldError()`. */
  readonly fieldErrors: Record<string, string[]>
  readonly requestId: string | undefined

  constructor(init: ApiErrorInit) {
    super(init.detail ?? init.title)
    this.status = init.status
    this.code = init.code
    this.title = init.title
    this.detail = init.detail
    this.fieldErrors = init.fieldErrors ?? {}
    this.requestId = init.requestId
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code)
}

/**
 * The message for one form field, or undefined. Accepts any error (a mutation's `error` is `unknown`
 * to the form) and the bare field name: `fieldError(error, 'email')` finds `body.email` too.
 */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const messages =
    error.fieldErrors[field] ?? error.fieldErrors[`body.${field}`] ?? error.fieldErrors[`query.${field}`]
  return messages && messages.length > 0 ? messages.join(' ') : undefined
}

/** A sentence for a toast or an error panel, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return 'Something went wrong in this page. Please reload and try again.'
}
