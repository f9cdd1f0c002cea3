import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { type Me, profileUpdateSchema } from '../../../shared/contract/accounts'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardFooter, CardHeader } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { updateProfile } from './accounts-api'
import {
  type FieldErrors,
  formValues,
  hasErrors,
  issuesToFieldErrors,
  serverFieldErrors,
} from './form-errors'
import { meKey, sessionKey } from './session'
import { useFocusFirstError } from './use-focus-first-error'

/** Names, and for a corporate account its business name and industry (both required there). */
export function ProfileDetailsForm({ me }: { me: Me }) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  useFocusFirstError(formRef, errors)
  const corporate = me.account_type === 'corporate'

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (updated) => {
      queryClient.setQueryData(meKey, updated)
      await queryClient.invalidateQueries({ queryKey: sessionKey })
      toast.success('Profile saved')
    },
    onError: (error) => setErrors(serverFieldErrors(error)),
  })
  const failure = save.isError && !hasErrors(errors) ? errorMessage(save.error) : undefined

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
      <form
        ref={formRef}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          const parsed = profileUpdateSchema.safeParse(formValues(event.currentTarget))
          if (!parsed.success) {
            setErrors(issuesToFieldErrors(parsed.error.issues))
            return
          }
          setErrors({})
          save.mutate(parsed.data)
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" error={errors.first_name} required>
            <Input name="first_name" autoComplete="given-name" maxLength={100} defaultValue={me.first_name} />
          </FormField>
          <FormField label="Last name" error={errors.last_name} required>
            <Input name="last_name" autoComplete="family-name" maxLength={100} defaultValue={me.last_name} />
          </FormField>
          {corporate && (
            <>
              <FormField label="Business name" error={errors.business_name} required>
                <Input
                  name="business_name"
                  autoComplete="organization"
                  maxLength={200}
                  defaultValue={me.business_name ?? ''}
                />
              </FormField>
              <FormField label="Industry" error={errors.industry} required>
                <Input name="industry" maxLength={100} defaultValue={me.industry ?? ''} />
              </FormField>
            </>
          )}
        </div>
        {failure && (
          <Alert variant="danger" title="Your details were not saved">
            {failure}
          </Alert>
        )}
        <CardFooter>
          <Button type="submit" loading={save.isPending}>
            Save details
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
