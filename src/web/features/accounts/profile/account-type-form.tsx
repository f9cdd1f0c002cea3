import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { type Me, profileUpdateSchema } from '../../../../shared/contract/accounts'
import type { AccountType } from '../../../../shared/enums'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Card, CardFooter, CardHeader } from '../../../components/ui/card'
import { SegmentedControl } from '../../../components/ui/segmented-control'
import { toast } from '../../../components/ui/toast-store'
import { updateProfile } from '../accounts-api'
import { BusinessFields } from '../person-fields'
import { meKey, sessionKey } from '../sessions/session'

const OPTIONS = [
  { value: 'individual', label: 'Individual' },
  { value: 'corporate', label: 'Corporate' },
] as const

/** A corporate account needs its business name and industry. */
const corporateSchema = profileUpdateSchema.superRefine((data, ctx) => {
  if (!data.business_name)
    ctx.addIssue({ code: 'custom', path: ['business_name'], message: 'Enter your business name' })
  if (!data.industry) ctx.addIssue({ code: 'custom', path: ['industry'], message: 'Enter your industry' })
})

/**
 * Individual ↔ corporate, also for accounts made through an identity provider. Becoming corporate asks
 * for the business name and industry, both required (as at sign-up).
 */
export function AccountTypeForm({ me }: { me: Me }) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const [type, setType] = useState<AccountType>(me.account_type)
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (updated) => {
      queryClient.setQueryData(meKey, updated)
      await queryClient.invalidateQueries({ queryKey: sessionKey })
      toast.success(
        updated.account_type === 'corporate' ? 'Now a corporate account' : 'Now an individual account',
      )
    },
  })
  const form = useForm({
    schema: type === 'corporate' ? corporateSchema : profileUpdateSchema,
    submission: save,
    onValid: (data) => save.mutate(data),
    extra: { account_type: type },
  })
  const { errors } = form
  const changing = type !== me.account_type

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Account type"
        description="A corporate account carries your business name on receipts and quotes."
      />
      <form {...form.props} className="flex flex-col gap-4">
        <SegmentedControl
          legend="This account is"
          name="account_type"
          options={OPTIONS}
          value={type}
          onChange={(value) => {
            setType(value)
            form.clearErrors()
          }}
        />
        {type === 'corporate' && changing && (
          <div className="grid gap-4 sm:grid-cols-2">
            <BusinessFields errors={errors} saved={me} />
          </div>
        )}
        <FormFailure title="The account type was not changed" failure={form.failure} />
        <CardFooter>
          <SubmitButton pending={form.pending} disabled={!changing}>
            {type === 'corporate' ? 'Switch to corporate' : 'Switch to individual'}
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  )
}
