import type { ProblemCode } from '../../../shared/contract/problem'

const TITLES: Record<ProblemCode, string> = {
  bad_request: 'Bad request',
  validation_failed: 'Some fields need attention',
  unauthenticated: 'Sign in required',
  forbidden: 'Not allowed',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  conflict: 'Conflict',
  payload_too_large: 'Too large',
  unsupported_media_type: 'Unsupported content type',
  csrf_rejected: 'Request refused',
  rate_limited: 'Too many requests',
  internal_error: 'Something went wrong',
  service_unavailable: 'Service unavailable',
}

/**
 * Titles for a feature's own codes (`name_taken`, `parent_trashed`, …), by status: the title is the
 * kind of problem, the code says which one, and the detail says what to do.
 */
const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Sign in required',
  402: 'Payment required',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition failed',
  413: 'Too large',
  415: 'Unsupported content type',
  416: 'Range not satisfiable',
  422: 'Cannot be done',
  423: 'Locked',
  429: 'Too many requests',
  502: 'Bad gateway',
  503: 'Service unavailable',
}

/** The title of a problem: the known code's own, else its status's, never the bare code. */
export function problemTitle(status: number, code: string): string {
  return (
    TITLES[code as ProblemCode] ??
    STATUS_TITLES[status] ??
    (status >= 500 ? 'Something went wrong' : 'Request failed')
  )
}

/** What a 503 asks clients to wait when it says nothing more precise (`Retry-After`, in seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30

/**
 * An error that becomes an application/problem+json response. Throw it anywhere in a request; the app's
 * error handler presents it. Any other error becomes a 500 `internal_error` with no detail.
 */
export class HttpProblem extends Error {
  readonly title: string
  constructor(
    readonly status: number,
    readonly code: ProblemCode | (string & {}),
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** More members of the body (RFC 9457 extension members), e.g. a readiness check's results. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail ?? code)
    this.name = 'HttpProblem'
    this.title = problemTitle(status, code)
  }
}

export const problems = {
  badRequest: (detail?: string) => new HttpProblem(400, 'bad_request', detail),
  validation: (errors: Record<string, string[]>, detail = 'Check the highlighted fields and try again.') =>
    new HttpProblem(422, 'validation_failed', detail, errors),
  unauthenticated: (detail = 'Sign in to continue.') => new HttpProblem(401, 'unauthenticated', detail),
  forbidden: (detail = 'You do not have permission to do this.') => new HttpProblem(403, 'forbidden', detail),
  notFound: (detail = 'There is nothing here.') => new HttpProblem(404, 'not_found', detail),
  conflict: (detail: string, code = 'conflict') => new HttpProblem(409, code, detail),
  tooLarge: (detail: string) => new HttpProblem(413, 'payload_too_large', detail),
  unsupportedMediaType: (detail: string) => new HttpProblem(415, 'unsupported_media_type', detail),
  csrf: (detail: string) => new HttpProblem(403, 'csrf_rejected', detail),
  rateLimited: (retryAfterSeconds: number, detail = 'Too many attempts. Try again later.') =>
    new HttpProblem(429, 'rate_limited', detail, undefined, { 'Retry-After': String(retryAfterSeconds) }),
  unavailable: (detail: string, retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS) =>
    new HttpProblem(503, 'service_unavailable', detail, undefined, {
      'Retry-After': String(retryAfterSeconds),
    }),
  /** A staff member or admin who must set up two-factor sign-in before anything else (decision 0044). */
  enrolTwoFactor: () =>
    new HttpProblem(
      403,
      'two_factor_enrolment_required',
      'Set up two-factor sign-in on your profile before you continue.',
    ),
}
