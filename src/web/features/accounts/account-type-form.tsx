import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { type Me, profileUpdateSchema } from '../../../shared/contract/accounts'
import type { AccountType } from '../../../shared/enums'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardFooter, CardHeader } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { SegmentedControl } from '../../components/ui/segmented-control'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { updateProfile } from './accounts-api'
import { type FieldErrors, formValues, hasErrors, serverFieldErrors } from './form-errors'
import { meKey, sessionKey } from './session'
import { useFocusFirstError } from './use-focus-first-error'

const OPTIONS = [
  { value: 'individual', label: 'Individual' },
  { value: 'corporate', label: 'Corporate' },
] as const

/**
 * Individual ↔ corporate, also for accounts made through an identity provider. Becoming corporate asks
 * for the business name and industry, both required (as at sign-up).
 */
export function AccountTypeForm({ me }: { me: Me }) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [type, setType] = useState<AccountType>(me.account_type)
  const [errors, setErrors] = useState<FieldErrors>({})
  useFocusFirstError(formRef, errors)
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (updated) => {
      queryClient.setQueryData(meKey, updated)
      await queryClient.invalidateQueries({ queryKey: sessionKey })
      toast.success(
        updated.account_type === 'corporate' ? 'Now a corporate account' : 'Now an individual account',
      )
    },
    onError: (error) => setErrors(serverFieldErrors(error)),
  })
  const failure = save.isError && !hasErrors(errors) ? errorMessage(save.error) : undefined
  const changing = type !== me.account_type

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Account type"
        description="A corporate account carries your business name on receipts and quotes."
      />
      <form
        ref={formRef}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          const values = formValues(event.currentTarget)
          const input = type === 'corporate' ? { ...values, account_type: type } : { account_type: type }
          const parsed = profileUpdateSchema.safeParse(input)
          const next: FieldErrors = {}
          if (parsed.success && type === 'corporate') {
            if (!parsed.data.business_name) next.business_name = 'Enter your business name'
            if (!parsed.data.industry) next.industry = 'Enter your industry'
          }
          if (!parsed.success || hasErrors(next)) {
            if (!parsed.success)
              for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message
            setErrors(next)
            return
          }
          setErrors({})
          save.mutate(parsed.data)
        }}
      >
        <SegmentedControl
          legend="This account is"
          name="account_type"
          options={OPTIONS}
          value={type}
          onChange={(value) => {
            setType(value)
            setErrors({})
          }}
        />
        {type === 'corporate' && changing && (
          <div className="grid gap-4 sm:grid-cols-2">
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
          </div>
        )}
        {failure && (
          <Alert variant="danger" title="The account type was not changed">
            {failure}
          </Alert>
        )}
        <CardFooter>
          <Button type="submit" loading={save.isPending} disabled={!changing}>
            {type === 'corporate' ? 'Switch to corporate' : 'Switch to individual'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
