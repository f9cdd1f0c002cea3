import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { z } from 'zod'
import { FORM_EXPIRED_CODE, type FormPrefill } from '../../../shared/contract/inbox'
import { useForm } from '../../components/forms/use-form'
import { fieldError, isApiError } from '../../lib/api-error'
import { type PublicForm, submitForm, useFormSetup } from './inbox-api'

// The behaviour the public forms share (product.md §4): the form setup fetched on load (signed issue
// time, services, prefill), the form kit's checks with the shared schema before sending and the
// server's per-field messages, the honeypot, and the answers to show: success, "too many", "reload".

export interface PublicFormOptions<F extends string> {
  form: PublicForm
  fields: readonly F[]
  /** The contract's input schema: the same rules, and messages, as the server's. */
  schema: z.ZodType
  /** Which of the signed-in user's details fill which field (only fields still empty are filled). */
  prefill?: (details: FormPrefill) => Partial<Record<F, string | null>>
  /** Fields sent that the visitor does not type (e.g. the e-book request's source, the quote's files). */
  extra?: Record<string, unknown>
  /** How the checked body is sent, when not as JSON to the form's endpoint (the quote with files). */
  send?: (body: Record<string, unknown>) => Promise<{ message: string }>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function usePublicForm<F extends string>(options: PublicFormOptions<F>) {
  const { form, fields, schema } = options
  const setup = useFormSetup(form)
  const blank = Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>
  const [values, setValues] = useState<Record<F, string>>(blank)
  const [website, setWebsite] = useState('')
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
      return options.send ? options.send(body) : submitForm(form, body)
    },
    onError: (error) => {
      // A form open for over a day needs a fresh token: fetch one, keep what was typed.
      if (isApiError(error, FORM_EXPIRED_CODE)) void setup.refetch()
    },
  })

  // What is sent is what was typed (the server applies the schema itself); the check runs first.
  const body = { ...values, ...options.extra, website, formToken: setup.data?.formToken }
  const checked = useForm({
    schema,
    submission: mutation,
    prepare: () => body,
    onValid: () => mutation.mutate(body),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!setup.data || mutation.isPending) {
      event.preventDefault()
      return
    }
    checked.props.onSubmit(event)
  }

  const error = mutation.error
  const aboutFields = [...fields, ...Object.keys(options.extra ?? {})].some((field) =>
    fieldError(error, field),
  )

  return {
    setup,
    errors: checked.errors as Partial<Record<F, string>>,
    formProps: { ...checked.props, onSubmit },
    honeypot: { value: website, onChange: setWebsite },
    submitting: mutation.isPending,
    /** A problem that is not about one of the fields: too many messages, an old form, the network. */
    formProblem: error && !aboutFields ? error : undefined,
    sent: mutation.isSuccess ? mutation.data.message : undefined,
    /** Props for a text control bound to a field. */
    bind: (field: F) => ({
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [field]: event.target.value })),
    }),
  }
}

export type PublicFormState<F extends string> = ReturnType<typeof usePublicForm<F>>
