import { useMutation } from '@tanstack/react-query'
import { emailOnlySchema } from '../../../../shared/contract/accounts'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Alert } from '../../../components/ui/alert'
import { Input } from '../../../components/ui/input'
import { resendVerification } from '../accounts-api'

export interface ResendVerificationProps {
  /** The address to send to; without it the form asks for one. */
  email?: string
  label?: string
  /** The page the new link brings the person back to once confirmed. */
  callbackUrl?: string
}

/**
 * "Send a new verification link". The answer is the same whether or not the address has an account
 * (and whether or not it is already confirmed), so the message after sending says "if".
 */
export function ResendVerification({
  email,
  label = 'Send a new link',
  callbackUrl,
}: ResendVerificationProps) {
  const resend = useMutation({
    mutationFn: (to: string) => resendVerification(to, callbackUrl),
  })
  const form = useForm({
    schema: emailOnlySchema,
    submission: resend,
    onValid: (data) => resend.mutate(data.email),
    extra: email === undefined ? undefined : { email },
  })
  const { errors } = form

  if (resend.isSuccess) {
    return (
      <Alert variant="success" title="Check your inbox">
        {resend.data.message}
      </Alert>
    )
  }

  return (
    <form {...form.props} className="flex flex-col gap-3">
      {email === undefined && (
        <FormField label="E-mail address" error={errors.email} required>
          <Input name="email" type="email" autoComplete="email" inputMode="email" />
        </FormField>
      )}
      <FormFailure title="The link was not sent" failure={form.failure} />
      <div>
        <SubmitButton variant="secondary" pending={form.pending}>
          {label}
        </SubmitButton>
      </div>
    </form>
  )
}
