import { Download, FileIcon, Folder, Upload } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { unlockShareLinkSchema } from '../../../../shared/contract/share-links'
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
import { dropFile, sharedUrl, useSharedInfo, useSharedListing, useUnlockShareLink } from './share-links-api'

// The page a share link opens, /s/:token, for anyone holding it (no account): the password first if
// the link has one; then the shared folder read-only (subfolders, files with preview and download,
// the folder as a zip), the shared file, or, for a file drop, a form that takes files.

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
    return (
      <div className="flex flex-col gap-4">
        <PageTitle title={link.name} />
        <h1 className="text-2xl font-bold break-all text-fg">{link.name}</h1>
        <p className="text-sm text-fg-muted">
          {link.file.mimetype} · {formatBytes(link.file.size)}
        </p>
        <FileActions token={token} file={link.file} canDownload={link.mode === 'download'} />
      </div>
    )
  return <SharedFolder token={token} canDownload={link.mode === 'download'} />
}

function FileActions({
  token,
  file,
  canDownload,
}: {
  token: string
  file: { id: string; filename: string }
  canDownload: boolean
}) {
  return (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" asChild>
        <a href={sharedUrl(token, `/files/${file.id}/preview`)} target="_blank" rel="noopener">
          Preview<span className="sr-only"> {file.filename}</span>
        </a>
      </Button>
      {canDownload && (
        <Button size="sm" asChild>
          <a href={sharedUrl(token, `/files/${file.id}/download`)} download>
            <Download aria-hidden="true" /> Download<span className="sr-only"> {file.filename}</span>
          </a>
        </Button>
      )}
    </div>
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

function SharedFolder({ token, canDownload }: { token: string; canDownload: boolean }) {
  const [params] = useSearchParams()
  const folderId = params.get('folder') ?? undefined
  const listing = useSharedListing(token, folderId, true)
  if (listing.isPending)
    return (
      <div className="flex items-center gap-2 text-fg-muted">
        <Spinner /> Loading…
      </div>
    )
  if (listing.isError)
    return (
      <Alert variant="warning" title="This folder cannot be shown">
        {errorMessage(listing.error)}
      </Alert>
    )
  const { folder, breadcrumbs, folders, files } = listing.data
  const at = (id: string) => (id === breadcrumbs[0]?.id ? `/s/${token}` : `/s/${token}?folder=${id}`)
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={folder.folder_name} />
      <nav aria-label="Breadcrumbs" className="flex flex-wrap gap-1 text-sm text-fg-muted">
        {breadcrumbs.map((b, i) => (
          <span key={b.id}>
            {i > 0 && ' / '}
            {i < breadcrumbs.length - 1 ? <Link to={at(b.id)}>{b.folder_name}</Link> : b.folder_name}
          </span>
        ))}
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-all text-fg">{folder.folder_name}</h1>
        {canDownload && (
          <Button size="sm" variant="secondary" asChild>
            <a href={sharedUrl(token, '/zip', { folder: folderId })} download>
              <Download aria-hidden="true" /> Download as zip
            </a>
          </Button>
        )}
      </div>
      {folders.length === 0 && files.length === 0 ? (
        <p className="text-sm text-fg-muted">This folder is empty.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label="Contents">
          {folders.map((f) => (
            <li key={f.id} className="flex items-center gap-2 py-2">
              <Folder aria-hidden="true" className="size-4" />
              <Link to={at(f.id)}>{f.folder_name}</Link>
            </li>
          ))}
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="flex items-center gap-2">
                <FileIcon aria-hidden="true" className="size-4" />
                {f.filename}
                <span className="text-sm text-fg-muted">{formatBytes(f.size)}</span>
              </span>
              <FileActions token={token} file={f} canDownload={canDownload} />
            </li>
          ))}
        </ul>
      )}
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
