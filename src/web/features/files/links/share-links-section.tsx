import { useId, useState } from 'react'
import {
  type CreatedShareLink,
  createShareLinkSchema,
  type ShareLink,
  type ShareLinkState,
} from '../../../../shared/contract/share-links'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogCloseFooter, DialogContent } from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from './share-links-api'

// The "Share link" part of sharing: the item's links (made when, by whom, used how often, where each
// stands) with revoke, and a form to make one. The new link's address is shown once, to copy.

type ItemType = 'file' | 'folder'

const MODE_LABEL = { view: 'View only', download: 'View and download', upload: 'File drop (upload only)' }
const STATE_LABEL: Record<ShareLinkState, string> = {
  active: 'Active',
  expired: 'Expired',
  used_up: 'Download limit reached',
  revoked: 'Revoked',
  trashed: 'Stopped: moved to trash',
}

const when = (iso: string) => new Date(iso).toLocaleString()

export function ShareLinksSection({ itemType, itemId }: { itemType: ItemType; itemId: string }) {
  const titleId = useId()
  const links = useShareLinks(itemType, itemId)
  const create = useCreateShareLink(itemType, itemId)
  const revoke = useRevokeShareLink(itemType, itemId)
  const [created, setCreated] = useState<CreatedShareLink>()
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
          setCreated(link)
        },
      }),
  })
  const { errors } = form
  const address = created ? `${window.location.origin}${created.path}` : ''

  const onRevoke = async (link: ShareLink) => {
    try {
      await revoke.mutateAsync(link.id)
      toast({ title: 'Link revoked', variant: 'success' })
    } catch (error) {
      toast({ title: 'The link was not revoked', description: errorMessage(error), variant: 'danger' })
    }
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className="text-base font-semibold text-fg">
        Share link
      </h3>
      {created && (
        <Alert variant="success" title="Link made: copy it now, it is shown only once">
          <div className="flex flex-wrap items-center gap-2">
            <Input
              readOnly
              value={address}
              aria-label="The new link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              type="button"
              size="sm"
              onClick={() => {
                void navigator.clipboard?.writeText(address)
                toast({ title: 'Link copied', variant: 'success' })
              }}
            >
              Copy link
            </Button>
          </div>
        </Alert>
      )}
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
      {links.isPending ? (
        <div className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner /> Loading links…
        </div>
      ) : links.isError ? (
        <Alert variant="danger" title="The links could not be loaded">
          {errorMessage(links.error)}{' '}
          <Button type="button" size="sm" variant="secondary" onClick={() => void links.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : links.data.items.length === 0 ? (
        <p className="text-sm text-fg-muted">No links yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label="Links">
          {links.data.items.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="flex flex-col">
                <span className="font-medium text-fg">
                  {MODE_LABEL[link.mode]}
                  {link.hasPassword ? ' · password' : ''} · {STATE_LABEL[link.state]}
                </span>
                <span className="text-fg-muted">
                  Made {when(link.createdAt)} by {link.createdBy?.name || 'someone no longer here'} · used{' '}
                  {link.useCount}
                  {link.downloadLimit !== null ? ` of ${link.downloadLimit}` : ''} times
                  {link.expiresAt ? ` · expires ${when(link.expiresAt)}` : ''}
                </span>
              </div>
              {link.state === 'active' && (
                <Button type="button" size="sm" variant="secondary" onClick={() => void onRevoke(link)}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The share link section as a dialog of its own, for a file (folders have it in their share dialog). */
export function ShareLinksDialog({
  item,
  onClose,
}: {
  item: { type: ItemType; id: string; name: string }
  onClose: () => void
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Share “${item.name}” by link`}>
        <ShareLinksSection itemType={item.type} itemId={item.id} />
        <DialogCloseFooter />
      </DialogContent>
    </Dialog>
  )
}
