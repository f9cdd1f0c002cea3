import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { type SignUpInput, signUpSchema } from '../../../../shared/contract/accounts'
import type { AccountType } from '../../../../shared/enums'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Input } from '../../../components/ui/input'
import { SegmentedControl } from '../../../components/ui/segmented-control'
import { signUp } from '../accounts-api'
import { AuthPage, textLinkClasses } from '../auth-page'
import { BusinessFields, NameFields, NewPasswordField } from '../person-fields'
import { safeCallbackPath, signInPath } from '../sign-in/auth-redirect'
import { CheckEmailNotice } from './check-email-notice'
import { ResendVerification } from './resend-verification'

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
  const [accountType, setAccountType] = useState<AccountType>('individual')

  const submit = useMutation({
    mutationFn: (input: SignUpInput) => signUp(input),
  })
  const form = useForm({
    schema: signUpSchema,
    submission: submit,
    onValid: (data) => submit.mutate(data),
    // The verification link brings the person back to the page that sent them here.
    extra: { account_type: accountType, ...(callbackPath === '/' ? {} : { callbackUrl: callbackPath }) },
  })
  const { errors } = form

  if (submit.isSuccess) {
    return (
      <AuthPage title="Confirm your e-mail address">
        <CheckEmailNotice
          action={
            <div className="flex flex-col gap-3 border-t border-border pt-4 text-sm">
              <p className="text-fg-muted">Nothing after a few minutes? Check your spam folder, or:</p>
              <ResendVerification
                email={submit.variables.email}
                label="Send the link again"
                callbackUrl={callbackPath === '/' ? undefined : callbackPath}
              />
            </div>
          }
        >
          <p>
            We sent a message to <strong className="break-all">{submit.variables.email}</strong>. Open the
            link in it to confirm your address: it signs you in. The link works for 24 hours.
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
      <form {...form.props} className="flex flex-col gap-4">
        <SegmentedControl
          legend="Account type"
          name="account_type"
          options={ACCOUNT_TYPE_OPTIONS}
          value={accountType}
          onChange={setAccountType}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields errors={errors} />
        </div>
        {corporate && (
          <BusinessFields errors={errors} industryHint="For example: retail, education, consulting" />
        )}
        <FormField label="E-mail address" error={errors.email} required>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={params.get('email') ?? undefined}
          />
        </FormField>
        <NewPasswordField
          error={errors.password}
          hint="At least 8 characters. A long phrase is easy to remember and hard to guess."
        />
        <FormFailure title="Your account was not created" failure={form.failure} />
        <SubmitButton pending={form.pending} className="w-full">
          Create account
        </SubmitButton>
      </form>
    </AuthPage>
  )
}
