import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-error'

const MAX_RETRIES = 2

/**
 * Retry only what may succeed on a second try: no response at all, or a server-side failure. A 4xx
 * answer (not found, forbidden, invalid) will be the same next time, and retrying it only delays the
 * message the user needs to see. Errors that are not ApiErrors are bugs in our own code.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !(error instanceof ApiError)) return false
  return error.code === 'network_error' || error.status >= 500
}

/**
 * @param onError sees every failed query and mutation, besides the component that made it: for
 * answers that concern the whole tab (the account was suspended).
 */
export function createQueryClient(onError?: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onError?.(error) }),
    mutationCache: new MutationCache({ onError: (error) => onError?.(error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      // Writes are not idempotent in general; a failed one is reported, and the user decides.
      mutations: { retry: false },
    },
  })
}
