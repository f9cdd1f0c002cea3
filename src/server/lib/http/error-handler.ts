import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { PROBLEM_CONTENT_TYPE, type Problem } from '../../../shared/contract/problem'
import type { AppEnv } from '../../deps'
import { HttpProblem, UNAVAILABLE_RETRY_AFTER_SECONDS } from './problem'

/** Renders any error as application/problem+json. Unknown errors are logged and never described. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  const problem = toHttpProblem(error)
  if (problem.status >= 500) {
    c.var.logger?.error({ err: error }, 'unhandled error')
  }
  return problemResponse(c, problem)
}

export function problemResponse(c: Context<AppEnv>, problem: HttpProblem): Response {
  const body: Problem & Record<string, unknown> = {
    ...problem.extensions,
    type: `urn:depot:problem:${problem.code}`,
    title: problem.title,
    status: problem.status,
    code: problem.code,
    ...(problem.detail ? { detail: problem.detail } : {}),
    ...(c.var.requestId ? { requestId: c.var.requestId } : {}),
    ...(problem.errors ? { errors: problem.errors } : {}),
  }
  // Every 503 says when to try again (RFC 9110 §10.2.3), whoever raised it.
  const retry: Record<string, string> =
    problem.status === 503 ? { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } : {}
  return new Response(JSON.stringify(body), {
    status: problem.status,
    headers: {
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Cache-Control': 'no-store',
      ...retry,
      ...problem.headers,
    },
  })
}

function toHttpProblem(error: Error): HttpProblem {
  if (error instanceof HttpProblem) return error
  if (error instanceof HTTPException) {
    const code =
      error.status === 413
        ? 'payload_too_large'
        : error.status === 401
          ? 'unauthenticated'
          : error.status === 403
            ? 'forbidden'
            : error.status === 404
              ? 'not_found'
              : error.status >= 500
                ? 'internal_error'
                : 'bad_request'
    return new HttpProblem(error.status, code)
  }
  return new HttpProblem(
    500,
    'internal_error',
    'An unexpected error occurred. It has been logged; try again later.',
  )
}
