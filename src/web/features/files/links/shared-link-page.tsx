import { CloudOff, Download, Eye, Link2Off, RotateCw } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useParams } from 'react-router'
import {
  type SharedFile as SharedFileRow,
  unlockShareLinkSchema,
} from '../../../../shared/contract/share-links'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { PageTitle } from '../../../components/layout/page-title'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Input } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { formatBytes, formatDate, formatDateTime } from '../../../lib/format'
import { FileAddressesProvider } from '../file-addresses'
import { PreviewDialog } from '../preview-dialog'
import { FileDrop } from './file-drop-form'
import { useSharedInfo, useUnlockShareLink } from './share-links-api'
import { linkAddresses, sharedFileItem } from './shared-entries'
import { SharedFolder } from './shared-folder-view'

// The page a share link opens, /s/:token, for anyone holding it (no account): the password first if
// the link has one; then the shared folder read-only in the file manager's own UI (shared-folder-view),
// the shared file with the same preview dialog, or, for a file drop, a form that takes files.

export function SharedLinkPage() {
  const { token = '' } = useParams()
  const info = useSharedInfo(token)
  if (info.isPending)
    return (
      <div className="flex items-center gap-2 text-fg-muted">
        <Spinner /> Opening the link…
      </div>
    )
  // A stopped or unknown link answers as data (unusable, below); an error is the server or the network
  // failing now, which says nothing about the link: say so, and offer to ask again.
  if (info.isError)
    return (
      <LinkNotReached
        message={errorMessage(info.error)}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    )
  const link = info.data
  if ('unusable' in link)
    return (
      <LinkDoesNotWork
        message={link.unusable.status === 404 ? 'There is no such link.' : link.unusable.message}
      />
    )
  if (link.needsPassword) return <UnlockForm token={token} />
  const sharedBy = <SharedByLine by={link.sharedBy} at={link.sharedAt} expiresAt={link.expiresAt} />
  if (link.mode === 'upload') return <FileDrop token={token} name={link.name} sharedBy={sharedBy} />
  if (link.itemType === 'file' && link.file)
    return (
      <SharedFile token={token} file={link.file} canDownload={link.mode === 'download'} sharedBy={sharedBy} />
    )
  return <SharedFolder token={token} canDownload={link.mode === 'download'} sharedBy={sharedBy} />
}

/** A link that stopped, or one no link has: the page says which. */
function LinkDoesNotWork({ message }: { message: string }) {
  return (
    <>
      <PageTitle title="Shared link" />
      <EmptyState
        icon={Link2Off}
        tone="danger"
        headingLevel="h1"
        title="This link does not work"
        description={message}
      />
    </>
  )
}

/** The link could not be read now (the network, the server): nothing is known of the link itself. */
function LinkNotReached({
  message,
  onRetry,
  retrying,
}: {
  message: string
  onRetry: () => void
  retrying: boolean
}) {
  return (
    <>
      <PageTitle title="Shared link" />
      <EmptyState
        icon={CloudOff}
        tone="danger"
        headingLevel="h1"
        title="The link could not be opened just now"
        description={message}
        action={
          <Button onClick={onRetry} loading={retrying}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        }
      />
    </>
  )
}

/** "Shared by Ada Obi on 22 Nov 2026 · until 30 Nov 2026, 18:00": who is behind the link, and for how long. */
function SharedByLine({
  by,
  at,
  expiresAt,
}: {
  by: string | null
  at: string | null
  expiresAt: string | null
}) {
  if (!by || !at) return null
  return (
    <p className="text-sm text-fg-muted" data-testid="shared-by">
      Shared by {by} on {formatDate(at)}
      {expiresAt ? ` · open until ${formatDateTime(expiresAt)}` : ''}
    </p>
  )
}

/** A shared file: its name and size, the file manager's preview dialog, and its download. */
function SharedFile({
  token,
  file,
  canDownload,
  sharedBy,
}: {
  token: string
  file: SharedFileRow
  canDownload: boolean
  sharedBy: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const addresses = linkAddresses(token, null)
  return (
    <FileAddressesProvider value={addresses}>
      <div className="flex flex-col gap-4">
        <PageTitle title={file.filename} />
        <h1 className="text-2xl font-bold break-all text-fg">{file.filename}</h1>
        {sharedBy}
        <p className="text-sm text-fg-muted">
          {file.mimetype} · {formatBytes(file.size)} · updated {formatDate(file.updatedAt)}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            <Eye aria-hidden="true" /> Preview<span className="sr-only"> {file.filename}</span>
          </Button>
          {canDownload && (
            <Button size="sm" asChild>
              <a href={addresses.download(file.id)} download>
                <Download aria-hidden="true" /> Download<span className="sr-only"> {file.filename}</span>
              </a>
            </Button>
          )}
        </div>
        {open && (
          <PreviewDialog file={sharedFileItem(file, '', canDownload)} onClose={() => setOpen(false)} />
        )}
      </div>
    </FileAddressesProvider>
  )
}

function UnlockForm({ token }: { token: string }) {
  const unlock = useUnlockShareLink(token)
  const form = useForm({
    schema: unlockShareLinkSchema,
    submission: unlock,
    onValid: (data) => unlock.mutate(data),
  })
  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-4">
      <PageTitle title="Shared link" />
      <h1 className="text-2xl font-bold text-fg">This link has a password</h1>
      <form {...form.props} className="flex flex-col gap-3">
        <FormField label="Password" error={form.errors.password} required>
          <Input name="password" type="password" autoComplete="off" />
        </FormField>
        <FormFailure title="The link did not open" failure={form.failure} />
        <SubmitButton pending={form.pending}>Open</SubmitButton>
      </form>
    </div>
  )
}
