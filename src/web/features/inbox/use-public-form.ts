import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { z } from 'zod'
import { FORM_EXPIRED_CODE, type FormPrefill } from '../../../shared/contract/inbox'
import { isApiError } from '../../lib/api-error'
import { type PublicForm, submitForm, useFormSetup } from './inbox-api'

// The behaviour the public forms share (product.md §4): the form setup fetched on load (signed issue
// time, services, prefill), validation with the shared schema before sending, the server's per-field
// messages, the honeypot, and the answers to show: success, "too many", "reload".

export interface PublicFormOptions<F extends string> {
  form: PublicForm
  fields: readonly F[]
  /** The contract's input schema: the same rules, and messages, as the server's. */
  schema: z.ZodType
  /** Which of the signed-in user's details fill which field (only fields still empty are filled). */
  prefill?: (details: FormPrefill) => Partial<Record<F, string | null>>
  /** Fields sent that the visitor does not type (e.g. the e-book request's source). */
  extra?: Record<string, unknown>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function usePublicForm<F extends string>(options: PublicFormOptions<F>) {
  const { form, fields, schema } = options
  const setup = useFormSetup(form)
  const formId = useId()
  const blank = Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>
  const [values, setValues] = useState<Record<F, string>>(blank)
  const [website, setWebsite] = useState('')
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({})
  const [prefilledFrom, setPrefilledFrom] = useState<number | null>(null)

  // Once per setup: fill the signed-in user's details into fields they have not typed in yet.
  if (setup.data && prefilledFrom !== setup.dataUpdatedAt) {
    setPrefilledFrom(setup.dataUpdatedAt)
    const details = setup.data.prefill && options.prefill?.(setup.data.prefill)
    if (details) {
      setValues((current) => {
        const next = { ...current }
        for (const [field, value] of Object.entries(details) as [F, string | null][]) {
          if (value && !next[field]) next[field] = value
        }
        return next
      })
    }
  }

  const mutation = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      // The server drops forms sent faster than a person fills them in; someone whose details were
      // prefilled can be that fast, so wait out the rest of the minimum time rather than be dropped.
      const minimum = (setup.data?.minFillSeconds ?? 0) * 1000 + 250
      const wait = setup.dataUpdatedAt + minimum - Date.now()
      if (wait > 0) await sleep(wait)
      return submitForm(form, body)
    },
    onError: (error) => {
      if (isApiError(error, 'validation_failed')) {
        const fromServer: Partial<Record<F, string>> = {}
        for (const field of fields) {
          const messages = error.fieldErrors[field] ?? error.fieldErrors[`body.${field}`]
          if (messages?.length) fromServer[field] = messages.join(' ')
        }
        setErrors(fromServer)
        focusFirst(fromServer)
      }
      // A form open for over a day needs a fresh token: fetch one, keep what was typed.
      if (isApiError(error, FORM_EXPIRED_CODE)) void setup.refetch()
    },
  })

  const controlId = (field: F) => `${formId}-${field}`

  function focusFirst(found: Partial<Record<F, string>>) {
    const first = fields.find((f) => found[f])
    if (first) requestAnimationFrame(() => document.getElementById(controlId(first))?.focus())
  }

  function setValue(field: F, value: string) {
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!setup.data || mutation.isPending) return
    const body = { ...values, ...options.extra, website, formToken: setup.data.formToken }
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      const found: Partial<Record<F, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as F
        if (fields.includes(field) && !found[field]) found[field] = issue.message
      }
      setErrors(found)
      focusFirst(found)
      return
    }
    setErrors({})
    mutation.mutate(body)
  }

  /** Problems that are not about one of the fields shown: too many messages, an old form, the network. */
  const error = mutation.error
  const aboutFields =
    isApiError(error, 'validation_failed') &&
    fields.some((f) => error.fieldErrors[f] ?? error.fieldErrors[`body.${f}`])
  const formProblem = error && !aboutFields ? error : undefined

  return {
    setup,
    values,
    errors,
    controlId,
    setValue,
    onSubmit,
    honeypot: { value: website, onChange: setWebsite },
    submitting: mutation.isPending,
    formProblem,
    sent: mutation.isSuccess ? mutation.data.message : undefined,
    /** Props for a text control bound to a field. */
    bind: (field: F) => ({
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => setValue(field, event.target.value),
    }),
  }
}

export type PublicFormState<F extends string> = ReturnType<typeof usePublicForm<F>>
