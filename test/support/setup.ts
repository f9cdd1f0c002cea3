import { afterAll, afterEach, beforeEach, vi } from 'vitest'
import { runFileEndCleanUps } from './cleanup'

// Tests fail on console.error: an error printed and ignored is a bug we would ship.
// (Unhandled rejections already fail the run: Vitest reports them as errors.)
let errors: unknown[][] = []
const originalError = console.error

beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
    originalError(...args)
  })
})

afterEach(() => {
  vi.mocked(console.error).mockRestore?.()
  if (errors.length > 0) {
    const first = errors[0]?.map(String).join(' ')
    throw new Error(`console.error was called ${errors.length} time(s) during the test; first: ${first}`)
  }
})

// Databases and workers that suites made in beforeAll (see cleanup.ts).
afterAll(runFileEndCleanUps)
