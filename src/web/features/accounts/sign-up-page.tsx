import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { type SignUpInput, signUpSchema } from '../../../shared/contract/accounts'
import type { AccountType } from '../../../shared/enums'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { PasswordInput } from '../../components/ui/password-input'
import { SegmentedControl } from '../../components/ui/segmented-control'
import { errorMessage } from '../../lib/api'
import { signUp } from './accounts-api'
import { AuthPage, textLinkClasses } from './auth-page'
import { safeCallbackPath, signInPath } from './auth-redirect'
import { CheckEmailNotice } from './check-email-notice'
import {
  type FieldErrors,
  formValues,
  hasErrors,
  issuesToFieldErrors,
  serverFieldErrors,
} from './form-errors'
import { ResendVerification } from './resend-verification'
import { useFocusFirstError } from './use-focus-first-error'

const ACCOUNT_TYPE_OPTIONS = [
  { value: 'individual', label: 'Individual' },
  { value: 'corporate', label: 'Corporate' },
] as const satisfies readonly { value: AccountType; label: string }[]

/**
 * Sign-up as an individual or a corporate account (which also names its business and industry).
 * Checked with the shared contract before sending and again by the server; afterwards the page says
 * to look for the confirmation mail (the answer is the same whether or not the address had an account).
 */
export function SignUpPage() {
  const [params] = useSearchParams()
  const callbackPath = safeCallbackPath(params.get('callbackUrl'))
  const formRef = useRef<HTMLFormElement>(null)
  const [accountType, setAccountType] = useState<AccountType>('individual')
  const [errors, setErrors] = useState<FieldErrors>({})
  useFocusFirstError(formRef, errors)

  const submit = useMutation({
    mutationFn: (input: SignUpInput) => signUp(input),
    onError: (error) => setErrors(serverFieldErrors(error)),
  })

  if (submit.isSuccess) {
    return (
      <AuthPage title="Confirm your e-mail address">
        <CheckEmailNotice
          action={
            <div className="flex flex-col gap-3 border-t border-border pt-4 text-sm">
              <p className="text-fg-muted">Nothing after a few minutes? Check your spam folder, or:</p>
              <ResendVerification email={submit.variables.email} label="Send the link again" />
            </div>
          }
        >
          <p>
            We sent a message to <strong className="break-all">{submit.variables.email}</strong>. Open the
            link in it to confirm your address, then sign in. The link works for 24 hours.
          </p>
          <p>
            <Link className={textLinkClasses} to={signInPath(callbackPath)}>
              Go to sign in
            </Link>
          </p>
        </CheckEmailNotice>
      </AuthPage>
    )
  }

  const corporate = accountType === 'corporate'
  const failure = submit.isError && !hasErrors(errors) ? errorMessage(submit.error) : undefined

  return (
    <AuthPage
      title="Create your account"
      description="Shop, download what you buy, and share folders with us."
      footer={
        <p>
          Already have an account?{' '}
          <Link className={textLinkClasses} to={signInPath(callbackPath)}>
            Sign in
          </Link>
        </p>
      }
    >
      <form
        ref={formRef}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          const parsed = signUpSchema.safeParse({
            ...formValues(event.currentTarget),
            account_type: accountType,
          })
          if (!parsed.success) {
            setErrors(issuesToFieldErrors(parsed.error.issues))
            return
          }
          setErrors({})
          submit.mutate(parsed.data)
        }}
      >
        <SegmentedControl
          legend="Account type"
          name="account_type"
          options={ACCOUNT_TYPE_OPTIONS}
          value={accountType}
          onChange={setAccountType}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" error={errors.first_name} required>
            <Input name="first_name" autoComplete="given-name" maxLength={100} />
          </FormField>
          <FormField label="Last name" error={errors.last_name} required>
            <Input name="last_name" autoComplete="family-name" maxLength={100} />
          </FormField>
        </div>
        {corporate && (
          <>
            <FormField label="Business name" error={errors.business_name} required>
              <Input name="business_name" autoComplete="organization" maxLength={200} />
            </FormField>
            <FormField
              label="Industry"
              error={errors.industry}
              hint="For example: retail, education, consulting"
              required
            >
              <Input name="industry" maxLength={100} />
            </FormField>
          </>
        )}
        <FormField label="E-mail address" error={errors.email} required>
          <Input name="email" type="email" autoComplete="email" inputMode="email" />
        </FormField>
        <FormField
          label="Password"
          error={errors.password}
          hint="At least 8 characters. A long phrase is easy to remember and hard to guess."
          required
        >
          <PasswordInput name="password" autoComplete="new-password" />
        </FormField>
        {failure && (
          <Alert variant="danger" title="Your account was not created">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={submit.isPending} className="w-full">
          Create account
        </Button>
      </form>
    </AuthPage>
  )
}
