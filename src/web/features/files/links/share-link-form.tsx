import type { ItemType } from '../../../../shared/contract/files'
import { type CreatedShareLink, createShareLinkSchema } from '../../../../shared/contract/share-links'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { MODE_LABEL } from './share-link-labels'
import { useCreateShareLink } from './share-links-api'

/** The form that makes a link (what it gives, and an optional password, expiry and download limit). */
export function ShareLinkForm({
  itemType,
  itemId,
  onCreated,
}: {
  itemType: ItemType
  itemId: string
  onCreated: (link: CreatedShareLink) => void
}) {
  const create = useCreateShareLink(itemType, itemId)
  const form = useForm({
    schema: createShareLinkSchema,
    submission: create,
    prepare: (fields) => ({
      mode: fields.mode,
      password: fields.password ? fields.password : undefined,
      expiresAt: fields.expiresAt ? new Date(fields.expiresAt).toISOString() : null,
      downloadLimit: fields.downloadLimit ? Number(fields.downloadLimit) : null,
    }),
    onValid: (data) =>
      create.mutate(data, {
        onSuccess: (link) => {
          form.props.ref.current?.reset()
          onCreated(link)
        },
      }),
  })
  const { errors } = form

  return (
    <form {...form.props} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Link gives" error={errors.mode} required>
          <Select name="mode" defaultValue="view">
            <option value="view">{MODE_LABEL.view}</option>
            <option value="download">{MODE_LABEL.download}</option>
            {itemType === 'folder' && <option value="upload">{MODE_LABEL.upload}</option>}
          </Select>
        </FormField>
        <FormField label="Password" error={errors.password} hint="Optional">
          <Input name="password" type="password" autoComplete="new-password" />
        </FormField>
        <FormField label="Expires" error={errors.expiresAt} hint="Optional">
          <Input name="expiresAt" type="datetime-local" />
        </FormField>
        <FormField label="Download limit" error={errors.downloadLimit} hint="Optional">
          <Input name="downloadLimit" type="number" min={1} inputMode="numeric" />
        </FormField>
      </div>
      <FormFailure title="The link was not made" failure={form.failure} />
      <div>
        <SubmitButton pending={form.pending}>Create link</SubmitButton>
      </div>
    </form>
  )
}
