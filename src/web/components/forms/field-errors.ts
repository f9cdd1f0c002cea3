import type { z } from 'zod'
import { ApiError } from '../../lib/api-error'

/** One message per form field, keyed by the field's name. */
export type FieldErrors = Partial<Record<string, string>>

/**
 * The first message per field from a zod validation (the shared contract's schemas), keyed by the
 * top-level field name. Issues about the whole form (an empty path) go under `_form`.
 */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form'
    errors[key] ??= issue.message
  }
  return errors
}

/**
 * Per-field messages from a server's 422 (`body.email` or `email` → `email`), joined when a field has
 * several. Empty for any other error.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {}
  const errors: FieldErrors = {}
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    if (messages.length === 0) continue
    const key = path.replace(/^(body|query)\./, '').split('.')[0] ?? path
    errors[key] = errors[key] ? `${errors[key]} ${messages.join(' ')}` : messages.join(' ')
  }
  return errors
}

/** Whether there is anything to show. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean)
}

/** A form's fields as strings (files and repeated names are not used by these forms). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value
  return values
}
