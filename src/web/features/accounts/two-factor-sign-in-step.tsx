import { type FormEvent, useRef, useState } from 'react'
import { twoFactorCodeSchema } from '../../../shared/contract/two-factor'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { useFocusFirstError } from './use-focus-first-error'

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
  const formRef = useRef<HTMLFormElement>(null)
  const [error, setError] = useState<string>()
  useFocusFirstError(formRef, { code: error })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = twoFactorCodeSchema.safeParse(new FormData(event.currentTarget).get('code') ?? '')
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    onSubmit(parsed.data)
    formRef.current?.reset()
  }
  return (
    <form ref={formRef} noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <FormField
        label="Sign-in code"
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        error={error}
        required
      >
        <Input name="code" autoComplete="one-time-code" autoCapitalize="none" maxLength={64} autoFocus />
      </FormField>
      <Button type="submit" loading={busy} className="w-full">
        Verify and sign in
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={busy} className="w-full">
        Back
      </Button>
    </form>
  )
}
