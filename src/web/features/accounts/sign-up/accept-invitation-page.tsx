import { Link, useSearchParams } from 'react-router'
import { invitationAcceptSchema } from '../../../../shared/contract/invitations'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { PageSkeleton } from '../../../components/layout/page-skeleton'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { errorMessage, isApiError } from '../../../lib/api'
import { AuthPage, textLinkClasses } from '../auth-page'
import { NameFields, NewPasswordField } from '../person-fields'
import { useAcceptInvitation, useInvitationPreview } from './invitation-api'

const ROLE_WORDS = { admin: 'an admin', staff: 'staff', user: 'a user' } as const

/** The invitation link: the invitee chooses their name and password and is signed in. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const preview = useInvitationPreview(token)
  const accept = useAcceptInvitation(token)
  const form = useForm({
    schema: invitationAcceptSchema,
    submission: accept,
    onValid: (data) => accept.mutate(data),
    extra: { token },
  })
  const { errors } = form

  if (token.length < 10) {
    return (
      <AuthPage title="Accept your invitation">
        <Alert variant="warning" title="This invitation link is incomplete">
          Copy the whole link from the e-mail, or ask an admin to send the invitation again.
        </Alert>
      </AuthPage>
    )
  }
  if (preview.isPending) return <PageSkeleton />
  const linkProblem =
    preview.error ?? (isApiError(accept.error) && accept.error.status === 410 ? accept.error : null)
  if (linkProblem) {
    return (
      <AuthPage title="Accept your invitation">
        <Alert variant="warning" title="This invitation cannot be used">
          {errorMessage(linkProblem)}
        </Alert>
        <Button asChild variant="secondary" className="w-full">
          <Link to="/sign-in">Sign in</Link>
        </Button>
      </AuthPage>
    )
  }
  if (accept.isSuccess && !accept.data.signedIn) {
    return (
      <AuthPage title="Your account is ready">
        <Alert variant="success" title="Welcome">
          Sign in as <strong className="break-all">{accept.data.email}</strong> with the password you chose.
        </Alert>
        <Button asChild className="w-full">
          <Link to="/sign-in" state={{ email: accept.data.email }}>
            Sign in
          </Link>
        </Button>
      </AuthPage>
    )
  }

  const invited = preview.data
  if (!invited) return <PageSkeleton />
  return (
    <AuthPage
      title="Accept your invitation"
      description={
        <>
          You are invited as {ROLE_WORDS[invited.role]} with{' '}
          <strong className="break-all">{invited.email}</strong>. Choose your name and a password.
        </>
      }
    >
      <form {...form.props} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields errors={errors} />
        </div>
        <NewPasswordField error={errors.password} />
        <FormFailure title="Your account was not created" failure={form.failure}>
          {isApiError(accept.error, 'email_taken') && (
            <Link className={textLinkClasses} to="/forgot-password">
              Reset your password
            </Link>
          )}
        </FormFailure>
        <SubmitButton pending={accept.isPending || accept.isSuccess} className="w-full">
          Create my account
        </SubmitButton>
      </form>
    </AuthPage>
  )
}
