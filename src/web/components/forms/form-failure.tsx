import type { ReactNode } from 'react'
import { Alert } from '../ui/alert'

/**
 * The form-level problem, above the submit button: "Your password was not changed", then why.
 * Renders nothing while there is none.
 */
export function FormFailure({
  title,
  failure,
  children,
}: {
  /** What did not happen. */
  title: string
  failure: string | undefined
  /** More to offer after the message (a link to a way out). */
  children?: ReactNode
}) {
  if (!failure) return null
  return (
    <Alert variant="danger" title={title}>
      {failure}
      {children && <> {children}</>}
    </Alert>
  )
}
