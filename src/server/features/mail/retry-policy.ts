// When to try a failed message again. Exponential-ish steps rather than a formula so the schedule is
// readable: a brief SMTP outage is bridged within minutes, a long one within the day, and a message
// is given up after about 20 hours (the verification link inside it lasts 24).

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export interface RetryPolicy {
  /** Wait after the 1st, 2nd, ... failed attempt; the last step repeats. */
  backoffMs: readonly number[]
  /** Attempts before the message is marked failed. */
  maxAttempts: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  backoffMs: [30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR],
  maxAttempts: 8,
}

/** The wait after the given number of attempts (1 = the first attempt failed). */
export function backoffAfter(policy: RetryPolicy, attempts: number): number {
  const steps = policy.backoffMs
  return steps[Math.min(Math.max(attempts, 1), steps.length) - 1] ?? 0
}
