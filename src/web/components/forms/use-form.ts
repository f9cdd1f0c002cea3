import { type FormEvent, type RefObject, useMemo, useRef, useState } from 'react'
import type { z } from 'zod'
import { errorMessage } from '../../lib/api-error'
import {
  type FieldErrors,
  formValues,
  hasErrors,
  issuesToFieldErrors,
  serverFieldErrors,
} from './field-errors'
import { useFocusFirstError } from './use-focus-first-error'

/** What a form needs to know of its submission: a react-query mutation fits as it is. */
export interface FormSubmission {
  isPending: boolean
  isError: boolean
  error: unknown
}

export interface FormOptions<Schema extends z.ZodType> {
  /** The contract's schema the form's fields are checked against before anything is sent. */
  schema: Schema
  /** The submission whose server errors the form shows (its 422 field errors go to the fields). */
  submission: FormSubmission
  /** Called with the checked values. */
  onValid: (data: z.output<Schema>) => void
  /** Values that are not fields of the form (a token from the address), merged in before checking. */
  extra?: Record<string, unknown>
  /** Turns the fields' strings into what the schema checks (a number from a select), if they differ. */
  prepare?: (fields: Record<string, string>) => Record<string, unknown>
}

export interface Form {
  /** Spread on the `<form>`: the ref, `noValidate` and the submit handler. */
  props: {
    ref: RefObject<HTMLFormElement | null>
    noValidate: true
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
  }
  /** One message per field: the schema's on a refused check, else the server's. */
  errors: FieldErrors
  /** A failure that concerns no field (the server's message), to show above the submit button. */
  failure: string | undefined
  pending: boolean
  /** Hides the messages shown (the form changed shape: what they were about is gone). */
  clearErrors: () => void
}

/**
 * One form's wiring (as Epic Stack's forms): the fields are checked against the contract's schema on
 * submit, the server's field errors land on the fields, any other failure is said once for the form,
 * and after every failed attempt the first invalid field takes the focus.
 */
export function useForm<Schema extends z.ZodType>({
  schema,
  submission,
  onValid,
  extra,
  prepare = (fields) => fields,
}: FormOptions<Schema>): Form {
  const ref = useRef<HTMLFormElement>(null)
  const [checkErrors, setCheckErrors] = useState<FieldErrors | null>(null)
  const serverErrors = useMemo(() => serverFieldErrors(submission.error), [submission.error])
  const errors = checkErrors ?? serverErrors
  useFocusFirstError(ref, errors)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = schema.safeParse({ ...prepare(formValues(event.currentTarget)), ...extra })
    if (!parsed.success) {
      setCheckErrors(issuesToFieldErrors(parsed.error.issues))
      return
    }
    setCheckErrors(null)
    onValid(parsed.data)
  }
  const failure = submission.isError && !hasErrors(serverErrors) ? errorMessage(submission.error) : undefined
  return {
    props: { ref, noValidate: true, onSubmit },
    errors,
    failure,
    pending: submission.isPending,
    clearErrors: () => setCheckErrors({}),
  }
}
