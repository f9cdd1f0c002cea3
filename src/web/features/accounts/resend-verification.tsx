import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { emailOnlySchema } from '../../../shared/contract/accounts'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage } from '../../lib/api'
import { resendVerification } from './accounts-api'
import { type FieldErrors, formValues, issuesToFieldErrors, serverFieldErrors } from './form-errors'
import { useFocusFirstError } from './use-focus-first-error'

export interface ResendVerificationProps {
  /** The address to send to; without it the form asks for one. */
  email?: string
  label?: string
}

/**
 * "Send a new verification link". The answer is the same whether or not the address has an account
 * (and whether or not it is already confirmed), so the message after sending says "if".
 */
export function ResendVerification({ email, label = 'Send a new link' }: ResendVerificationProps) {
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  useFocusFirstError(formRef, errors)
  const resend = useMutation({
    mutationFn: resendVerification,
    onError: (error) => setErrors(serverFieldErrors(error)),
  })

  if (resend.isSuccess) {
    return (
      <Alert variant="success" title="Check your inbox">
        {resend.data.message}
      </Alert>
    )
  }

  const failure = resend.isError && !errors.email ? errorMessage(resend.error) : undefined
  return (
    <form
      ref={formRef}
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        const parsed = emailOnlySchema.safeParse(
          email === undefined ? formValues(event.currentTarget) : { email },
        )
        if (!parsed.success) {
          setErrors(issuesToFieldErrors(parsed.error.issues))
          return
        }
        setErrors({})
        resend.mutate(parsed.data.email)
      }}
    >
      {email === undefined && (
        <FormField label="E-mail address" error={errors.email} required>
          <Input name="email" type="email" autoComplete="email" inputMode="email" />
        </FormField>
      )}
      {failure && (
        <Alert variant="danger" title="The link was not sent">
          {failure}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="secondary" loading={resend.isPending}>
          {label}
        </Button>
      </div>
    </form>
  )
}
