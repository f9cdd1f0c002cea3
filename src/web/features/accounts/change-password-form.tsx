import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { changePasswordSchema, type Me } from '../../../shared/contract/accounts'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardFooter, CardHeader } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { PasswordInput } from '../../components/ui/password-input'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { changePassword } from './accounts-api'
import { textLinkClasses } from './auth-page'
import {
  type FieldErrors,
  formValues,
  hasErrors,
  issuesToFieldErrors,
  serverFieldErrors,
} from './form-errors'
import { sessionsKey } from './session'
import { useFocusFirstError } from './use-focus-first-error'

/**
 * Changing the password needs the current one; the other sessions end (this one stays). An account
 * made through an identity provider has no password: it can set one through the reset mail.
 */
export function ChangePasswordForm({ me }: { me: Me }) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  useFocusFirstError(formRef, errors)

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      formRef.current?.reset()
      await queryClient.invalidateQueries({ queryKey: sessionsKey })
      toast.success('Password changed', 'Your other devices were signed out.')
    },
    onError: (error) => setErrors(serverFieldErrors(error)),
  })
  const failure = change.isError && !hasErrors(errors) ? errorMessage(change.error) : undefined

  if (!me.hasPassword) {
    return (
      <Card aria-labelledby={titleId}>
        <CardHeader id={titleId} title="Password" />
        <p className="text-sm text-fg-muted">
          You sign in through an identity provider, so this account has no password. To sign in with your
          e-mail address as well,{' '}
          <Link className={textLinkClasses} to="/forgot-password">
            set a password with a reset link
          </Link>
          .
        </p>
      </Card>
    )
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Password"
        description="After the change, your other devices are signed out. This one stays signed in."
      />
      <form
        ref={formRef}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          const parsed = changePasswordSchema.safeParse(formValues(event.currentTarget))
          if (!parsed.success) {
            setErrors(issuesToFieldErrors(parsed.error.issues))
            return
          }
          setErrors({})
          change.mutate(parsed.data)
        }}
      >
        {/* Password managers file the change under this account. */}
        <input type="email" name="username" autoComplete="username" value={me.email} readOnly hidden />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Current password" error={errors.currentPassword} required>
            <PasswordInput name="currentPassword" autoComplete="current-password" />
          </FormField>
          <FormField label="New password" error={errors.newPassword} hint="At least 8 characters." required>
            <PasswordInput name="newPassword" autoComplete="new-password" />
          </FormField>
        </div>
        {failure && (
          <Alert variant="danger" title="Your password was not changed">
            {failure}
          </Alert>
        )}
        <CardFooter>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
