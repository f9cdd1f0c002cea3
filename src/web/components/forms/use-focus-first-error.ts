import { type RefObject, useEffect } from 'react'
import { type FieldErrors, hasErrors } from './field-errors'

/**
 * After a failed submit, focus the first field marked invalid (in page order), so keyboard and
 * screen-reader users land on what needs fixing; its message is announced through aria-describedby.
 * Runs for every new errors object, i.e. on every failed attempt.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, errors: FieldErrors): void {
  useEffect(() => {
    if (!hasErrors(errors)) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [formRef, errors])
}
