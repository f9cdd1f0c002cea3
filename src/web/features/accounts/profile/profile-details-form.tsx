import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { type Me, profileUpdateSchema } from '../../../../shared/contract/accounts'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Badge } from '../../../components/ui/badge'
import { Card, CardFooter, CardHeader } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast-store'
import { updateProfile } from '../accounts-api'
import { BusinessFields, NameFields } from '../person-fields'
import { meKey, sessionKey } from '../sessions/session'

/** Names, and for a corporate account its business name and industry (both required there). */
export function ProfileDetailsForm({ me }: { me: Me }) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const corporate = me.account_type === 'corporate'

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (updated) => {
      queryClient.setQueryData(meKey, updated)
      await queryClient.invalidateQueries({ queryKey: sessionKey })
      toast.success('Profile saved')
    },
  })
  const form = useForm({
    schema: profileUpdateSchema,
    submission: save,
    onValid: (data) => save.mutate(data),
  })
  const { errors } = form

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Your details"
        description={corporate ? 'A corporate account: your name and your business.' : 'How we address you.'}
      />
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <dt className="font-medium text-fg">E-mail address</dt>
          <dd className="flex flex-wrap items-center gap-2 text-fg-muted">
            <span className="break-all">{me.email}</span>
            {me.emailVerified ? (
              <Badge variant="success">Confirmed</Badge>
            ) : (
              <Badge variant="warning">Not confirmed</Badge>
            )}
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="font-medium text-fg">Account type</dt>
          <dd className="text-fg-muted">{corporate ? 'Corporate' : 'Individual'}</dd>
        </div>
      </dl>
      <form {...form.props} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields errors={errors} saved={me} />
          {corporate && <BusinessFields errors={errors} saved={me} />}
        </div>
        <FormFailure title="Your details were not saved" failure={form.failure} />
        <CardFooter>
          <SubmitButton pending={form.pending}>Save details</SubmitButton>
        </CardFooter>
      </form>
    </Card>
  )
}
