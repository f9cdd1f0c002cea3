import { onTestFinished } from 'vitest'

type CleanUp = () => Promise<void>

/** Clean-ups for things made outside a test (in beforeAll), run once the test file ends. */
const atFileEnd: CleanUp[] = []

/**
 * Release `cleanUp` when whoever made the resource is done with it: at the end of the current test
 * when called inside one, otherwise at the end of the test file (test/support/setup.ts runs them).
 * A plain afterAll() called from inside beforeAll or a test is silently never run, which leaked a
 * database per suite.
 */
export function releaseWhenDone(cleanUp: CleanUp): void {
  try {
    onTestFinished(cleanUp)
  } catch {
    atFileEnd.push(cleanUp)
  }
}

export async function runFileEndCleanUps(): Promise<void> {
  const errors: unknown[] = []
  for (const cleanUp of atFileEnd.splice(0).reverse()) {
    try {
      await cleanUp()
    } catch (error) {
      errors.push(error)
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, 'test clean-up failed')
}
