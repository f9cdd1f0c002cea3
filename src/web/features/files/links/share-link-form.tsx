import { useState } from 'react'
import type { ItemType } from '../../../../shared/contract/files'
import {
  type CreatedShareLink,
  createShareLinkSchema,
  FILE_DROP_DEFAULT_LIMITS,
  type ShareLinkMode,
} from '../../../../shared/contract/share-links'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { formatBytes } from '../../../lib/format'
import { MODE_LABEL } from './share-link-labels'
import { useCreateShareLink } from './share-links-api'

const MB = 1_000_000
const DEFAULT_HINT = `Optional (${FILE_DROP_DEFAULT_LIMITS.files} files and ${formatBytes(FILE_DROP_DEFAULT_LIMITS.bytes)} when you have no storage quota)`

/**
 * The form that makes a link: what it gives, an optional password and expiry, and a download limit,
 * or for a file drop the files and megabytes it takes.
 */
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
  const [mode, setMode] = useState<ShareLinkMode>('view')
  const form = useForm({
    schema: createShareLinkSchema,
    submission: create,
    prepare: (fields) => ({
      mode: fields.mode,
      password: fields.password ? fields.password : undefined,
      expiresAt: fields.expiresAt ? new Date(fields.expiresAt).toISOString() : null,
      downloadLimit: fields.downloadLimit ? Number(fields.downloadLimit) : null,
      dropFileLimit: fields.dropFileLimit ? Number(fields.dropFileLimit) : null,
      dropByteLimit: fields.dropMegabytes ? Math.round(Number(fields.dropMegabytes) * MB) : null,
    }),
    onValid: (data) =>
      create.mutate(data, {
        onSuccess: (link) => {
          form.props.ref.current?.reset()
          setMode('view')
          onCreated(link)
        },
      }),
  })
  const { errors } = form

  return (
    <form {...form.props} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Link gives" error={errors.mode} required>
          <Select name="mode" value={mode} onChange={(e) => setMode(e.currentTarget.value as ShareLinkMode)}>
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
        {mode === 'upload' ? (
          <>
            <FormField label="Files it takes" error={errors.dropFileLimit} hint={DEFAULT_HINT}>
              <Input name="dropFileLimit" type="number" min={1} inputMode="numeric" />
            </FormField>
            <FormField label="Megabytes it takes" error={errors.dropByteLimit} hint={DEFAULT_HINT}>
              <Input name="dropMegabytes" type="number" min={0.001} step="any" inputMode="decimal" />
            </FormField>
          </>
        ) : (
          <FormField label="Download limit" error={errors.downloadLimit} hint="Optional">
            <Input name="downloadLimit" type="number" min={1} inputMode="numeric" />
          </FormField>
        )}
      </div>
      <FormFailure title="The link was not made" failure={form.failure} />
      <div>
        <SubmitButton pending={form.pending}>Create link</SubmitButton>
      </div>
    </form>
  )
}
