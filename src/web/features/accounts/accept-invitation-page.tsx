import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { invitationAcceptSchema, invitationPreviewSchema } from '../../../shared/contract/invitations'
import { FormFailure } from '../../components/forms/form-failure'
import { SubmitButton } from '../../components/forms/submit-button'
import { useForm } from '../../components/forms/use-form'
import { PageSkeleton } from '../../components/layout/page-skeleton'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { api, errorMessage, isApiError } from '../../lib/api'
import { signInWithPassword } from './auth-client'
import { AuthPage, textLinkClasses } from './auth-page'
import { NameFields, NewPasswordField } from './person-fields'
import { applySignedIn } from './session'

const ROLE_WORDS = { admin: 'an admin', staff: 'staff', user: 'a user' } as const

/** The invitation link: the invitee chooses their name and password and is signed in. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const preview = useQuery({
    queryKey: ['invitations', 'preview', token],
    queryFn: () => api.post('/api/invitations/preview', { token }, { schema: invitationPreviewSchema }),
    enabled: token.length >= 10,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const accept = useMutation({
    mutationFn: async (input: { first_name: string; last_name: string; password: string }) => {
      const { email } = await api.post(
        '/api/invitations/accept',
        { ...input, token },
        { schema: invitationPreviewSchema.pick({ email: true }) },
      )
      const outcome = await signInWithPassword({ email, password: input.password, callbackUrl: '/' })
      return { email, signedIn: outcome.kind === 'signed-in' }
    },
    onSuccess: async ({ signedIn }) => {
      if (!signedIn) return
      await applySignedIn(queryClient)
      await navigate('/', { replace: true })
    },
  })
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
