import { z } from 'zod'
import { twoFactorCodeSchema } from '../../../../shared/contract/two-factor'
import { FormField } from '../../../components/forms/field'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'

const codeSchema = z.object({ code: twoFactorCodeSchema })

/**
 * The second step of signing in to an account with two-factor sign-in: after the password (or an
 * identity provider) was accepted, the code from the authenticator app or a recovery code. The page
 * sends it with the same credentials call (`code`), so no session exists until it is right.
 */
export function TwoFactorSignInStep({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean
  onSubmit: (code: string) => void
  onCancel: () => void
}) {
  // The page's sign-in call says whether the code was right; here only its shape is checked.
  const form = useForm({
    schema: codeSchema,
    submission: { isPending: busy, isError: false, error: null },
    onValid: ({ code }) => {
      onSubmit(code)
      form.props.ref.current?.reset()
    },
  })
  return (
    <form {...form.props} className="flex flex-col gap-4">
      <FormField
        label="Sign-in code"
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        error={form.errors.code}
        required
      >
        <Input name="code" autoComplete="one-time-code" autoCapitalize="none" maxLength={64} autoFocus />
      </FormField>
      <SubmitButton pending={busy} className="w-full">
        Verify and sign in
      </SubmitButton>
      <Button variant="ghost" onClick={onCancel} disabled={busy} className="w-full">
        Back
      </Button>
    </form>
  )
}
