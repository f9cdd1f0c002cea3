import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { firstAdminSchema } from '../../../../shared/contract/accounts'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { PageSkeleton } from '../../../components/layout/page-skeleton'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { errorMessage, isApiError } from '../../../lib/api'
import { createFirstAdmin, fetchSetupState } from '../accounts-api'
import { AuthPage } from '../auth-page'
import { NameFields, NewPasswordField } from '../person-fields'
import { applySignedIn } from '../sessions/session'
import { SetupBusinessFields } from './setup-business-fields'

const RESTART_HINT =
  'While no admin exists, the server prints a fresh setup link to its log each time it starts: restart it to get one.'

/** Where the new admin lands, signed in: users and staff invitations, the next thing setup promises. */
const NEXT_STEP = '/admin/users'

/** First run: the one-time link from the server's log creates the first admin and signs them in. */
export function SetupPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const state = useQuery({
    queryKey: ['accounts', 'setup'],
    queryFn: ({ signal }) => fetchSetupState(signal),
  })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const create = useMutation({
    mutationFn: createFirstAdmin,
    // The answer signed the admin in. Everything is refetched as that admin (the header, footer and
    // titles show the business just named), then the admin goes on to the next step.
    onSuccess: async () => {
      await applySignedIn(queryClient)
      await navigate(NEXT_STEP, { replace: true })
    },
  })
  const form = useForm({
    schema: firstAdminSchema,
    submission: create,
    onValid: (data) => create.mutate(data),
    extra: { token },
  })
  const { errors } = form

  if (create.isSuccess) return <PageSkeleton />
  if (state.isPending) return <PageSkeleton />
  if (state.data && !state.data.needed) {
    return (
      <AuthPage title="Setup is complete">
        <Alert variant="info" title="An admin account already exists">
          This setup link is no longer needed. Sign in, or ask an admin for access.
        </Alert>
        <Button asChild className="w-full">
          <Link to="/sign-in">Sign in</Link>
        </Button>
      </AuthPage>
    )
  }
  if (!token || errors.token || isApiError(create.error, 'setup_link_used')) {
    return (
      <AuthPage title="Set up your site">
        <Alert variant="warning" title="This setup link does not work">
          {token
            ? 'It has expired or was already used.'
            : 'It is incomplete: copy the whole link from the log.'}{' '}
          {RESTART_HINT}
        </Alert>
      </AuthPage>
    )
  }

  const failure = form.failure ?? (state.isError ? errorMessage(state.error) : undefined)
  return (
    <AuthPage
      title="Set up your site"
      description="Create the first admin account and name your business. You can invite staff and manage users once you are signed in."
    >
      <form {...form.props} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields errors={errors} />
        </div>
        <FormField label="E-mail address" error={errors.email} required>
          <Input name="email" type="email" autoComplete="email" inputMode="email" />
        </FormField>
        <NewPasswordField error={errors.password} />
        <SetupBusinessFields errors={errors} />
        <FormFailure title="The admin account was not created" failure={failure} />
        <SubmitButton pending={form.pending} className="w-full">
          Create admin account
        </SubmitButton>
      </form>
    </AuthPage>
  )
}
