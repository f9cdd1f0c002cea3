import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router'
import { changePasswordSchema, type Me } from '../../../../shared/contract/accounts'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Card, CardFooter, CardHeader } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { PasswordInput } from '../../../components/ui/password-input'
import { toast } from '../../../components/ui/toast-store'
import { myTokensKey, useMyAccessTokens } from '../access-tokens/access-tokens-api'
import { changePassword } from '../accounts-api'
import { textLinkClasses } from '../auth-page'
import { sessionsKey } from '../sessions/session'

/**
 * Changing the password needs the current one; the other sessions end (this one stays), and the access
 * tokens are revoked unless the user unticks it (decision 0111). An account made through an identity
 * provider has no password: it can set one through the reset mail.
 */
export function ChangePasswordForm({ me }: { me: Me }) {
  const titleId = useId()
  const revokeId = useId()
  const queryClient = useQueryClient()

  const tokens = useMyAccessTokens(me.hasPassword).data?.length ?? 0

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async (_, input) => {
      form.props.ref.current?.reset()
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsKey }),
        queryClient.invalidateQueries({ queryKey: myTokensKey }),
      ])
      const revoked = input.revokeAccessTokens && tokens > 0 ? ' and your access tokens revoked' : ''
      toast.success('Password changed', `Your other devices were signed out${revoked}.`)
    },
  })
  const form = useForm({
    schema: changePasswordSchema,
    submission: change,
    onValid: (data) => change.mutate(data),
    // Unticked sends nothing; with no tokens to keep, the box is not shown and revoking is harmless.
    prepare: ({ revokeAccessTokens, ...fields }) => ({
      ...fields,
      revokeAccessTokens: tokens === 0 || revokeAccessTokens === 'on',
    }),
  })
  const { errors } = form

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
      <form {...form.props} className="flex flex-col gap-4">
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
        {tokens > 0 && (
          <div className="flex items-start gap-2 text-sm text-fg">
            <Checkbox id={revokeId} name="revokeAccessTokens" defaultChecked className="mt-0.5" />
            <label htmlFor={revokeId}>
              Also revoke my {tokens === 1 ? 'access token' : `${tokens} access tokens`}
              <span className="block text-fg-muted">
                Scripts and drives using {tokens === 1 ? 'it' : 'them'} stop working until you make new ones.
              </span>
            </label>
          </div>
        )}
        <FormFailure title="Your password was not changed" failure={form.failure} />
        <CardFooter>
          <SubmitButton pending={form.pending}>Change password</SubmitButton>
        </CardFooter>
      </form>
    </Card>
  )
}
