import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { shouldRetry } from './query-client'

const apiError = (status: number, code: string) => new ApiError({ status, code, title: 'x' })

describe('shouldRetry', () => {
  it('retries network failures and server errors a couple of times', () => {
    expect(shouldRetry(0, apiError(0, 'network_error'))).toBe(true)
    expect(shouldRetry(1, apiError(503, 'service_unavailable'))).toBe(true)
    expect(shouldRetry(0, apiError(500, 'internal_error'))).toBe(true)
    expect(shouldRetry(2, apiError(500, 'internal_error'))).toBe(false)
  })

  it('never retries a 4xx answer or a bug in our own code', () => {
    for (const [status, code] of [
      [400, 'bad_request'],
      [401, 'unauthenticated'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [422, 'validation_failed'],
      [429, 'rate_limited'],
    ] as const) {
      expect(shouldRetry(0, apiError(status, code))).toBe(false)
    }
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(false)
  })
})
