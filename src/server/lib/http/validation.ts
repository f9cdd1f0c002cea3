import type { z } from 'zod'

/** Turns zod issues into the problem shape's per-field messages, keyed by dotted path. */
export function fieldErrors(error: z.ZodError, prefix?: string): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_'
    const list = out[key] ?? []
    list.push(issue.message)
    out[key] = list
  }
  return out
}
