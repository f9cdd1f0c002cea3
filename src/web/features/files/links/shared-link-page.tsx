import { Download, Eye, Upload } from 'lucide-react'
import { useState } from 'react'
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
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage, isApiError } from '../../../lib/api'
import { formatBytes } from '../../../lib/format'
import { FileAddressesProvider } from '../file-addresses'
import { PreviewDialog } from '../preview-dialog'
import { dropFile, useSharedInfo, useUnlockShareLink } from './share-links-api'
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
  if (info.isError)
    return (
      <div className="flex flex-col gap-4">
        <PageTitle title="Shared link" />
        <Alert variant="warning" title="This link does not work">
          {isApiError(info.error) && info.error.status === 404
            ? 'There is no such link.'
            : errorMessage(info.error)}
        </Alert>
      </div>
    )
  const link = info.data
  if (link.needsPassword) return <UnlockForm token={token} />
  if (link.mode === 'upload') return <FileDrop token={token} name={link.name} />
  if (link.itemType === 'file' && link.file)
    return <SharedFile token={token} file={link.file} canDownload={link.mode === 'download'} />
  return <SharedFolder token={token} canDownload={link.mode === 'download'} />
}

/** A shared file: its name and size, the file manager's preview dialog, and its download. */
function SharedFile({
  token,
  file,
  canDownload,
}: {
  token: string
  file: SharedFileRow
  canDownload: boolean
}) {
  const [open, setOpen] = useState(false)
  const addresses = linkAddresses(token, null)
  return (
    <FileAddressesProvider value={addresses}>
      <div className="flex flex-col gap-4">
        <PageTitle title={file.filename} />
        <h1 className="text-2xl font-bold break-all text-fg">{file.filename}</h1>
        <p className="text-sm text-fg-muted">
          {file.mimetype} · {formatBytes(file.size)}
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

function FileDrop({ token, name }: { token: string; name: string }) {
  const [sent, setSent] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const send = async (files: FileList | null) => {
    if (!files || files.length === 0) return
    setBusy(true)
    setProblem(undefined)
    try {
      for (const file of Array.from(files)) {
        const result = await dropFile(token, file)
        setSent((list) => [...list, result.filename])
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The file was not received.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <PageTitle title={`Send files to ${name}`} />
      <h1 className="text-2xl font-bold break-all text-fg">Send files to “{name}”</h1>
      <p className="text-sm text-fg-muted">
        The owner receives what you send. You cannot see the folder’s contents.
      </p>
      <label className="flex cursor-pointer flex-col items-center gap-2 rounded-md border border-dashed border-border p-6">
        <Upload aria-hidden="true" />
        <span>Choose files to send</span>
        <input
          type="file"
          multiple
          className="sr-only"
          disabled={busy}
          aria-label="Files to send"
          onChange={(e) => void send(e.currentTarget.files)}
        />
      </label>
      {busy && (
        <div className="flex items-center gap-2 text-fg-muted">
          <Spinner /> Sending…
        </div>
      )}
      {problem && (
        <Alert variant="danger" title="Not sent">
          {problem}
        </Alert>
      )}
      {sent.length > 0 && (
        <Alert variant="success" title="Received">
          <ul>
            {sent.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  )
}
