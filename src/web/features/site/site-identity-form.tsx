import { useState } from 'react'
import { type AdminSiteIdentity, siteIdentityUpdateSchema } from '../../../shared/contract/site'
import { FormFailure } from '../../components/forms/form-failure'
import { SubmitButton } from '../../components/forms/submit-button'
import { useForm } from '../../components/forms/use-form'
import { toast } from '../../components/ui/toast-store'
import { AccentColourFields } from './accent-colour-fields'
import { useUpdateSiteIdentity } from './site-admin-api'
import { SiteBusinessFields } from './site-business-fields'
import { type Draft, draftOf, type SetDraftField, withVatRate } from './site-identity-draft'

/** The site identity's form: the business's details and its accent colour, saved together. */
export function IdentityForm({ saved }: { saved: AdminSiteIdentity }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved))
  const update = useUpdateSiteIdentity()
  const form = useForm({
    schema: siteIdentityUpdateSchema,
    submission: update,
    prepare: withVatRate,
    onValid: (data) =>
      update.mutate(data, {
        onSuccess: (next) => {
          setDraft(draftOf(next))
          toast.success('Site identity saved')
        },
      }),
  })
  const { errors } = form
  const set: SetDraftField = (field) => (event) => setDraft({ ...draft, [field]: event.currentTarget.value })

  return (
    <form {...form.props} className="flex flex-col gap-6">
      <SiteBusinessFields draft={draft} set={set} errors={errors} />
      <AccentColourFields accentColor={draft.accentColor} set={set} error={errors.accentColor} />
      <FormFailure title="The site identity was not saved" failure={form.failure} />
      <div>
        <SubmitButton pending={form.pending}>Save site identity</SubmitButton>
      </div>
    </form>
  )
}
