import { Download, RotateCcw, Trash2 } from 'lucide-react'
import type { FileVersion, FileVersions } from '../../../../shared/contract/file-versions'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { formatBytes, formatTimestamp } from '../../../lib/format'
import { useFilesMutation } from '../files-api'
import { versionsApi } from './versions-api'

/** The file's current content, then its earlier versions with what the server's abilities allow on each. */
export function VersionsList({
  fileId,
  name,
  data,
  onDelete,
}: {
  fileId: string
  name: string
  data: FileVersions
  onDelete: (version: FileVersion) => void
}) {
  const restore = useFilesMutation(versionsApi.restore)
  const onRestore = (v: FileVersion) =>
    restore.mutate(
      { fileId, versionId: v.id },
      {
        onSuccess: () => toast({ title: `Restored “${name}”`, variant: 'success' }),
        onError: (e) => toast({ title: errorMessage(e), variant: 'danger' }),
      },
    )
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        <span className="font-medium">Current</span> · {formatBytes(data.current.size)} · updated{' '}
        {formatTimestamp(data.current.updatedAt)}
        {data.current.createdBy ? ` by ${data.current.createdBy.name}` : ''}
      </p>
      {data.versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No earlier versions. Replacing the file keeps its current content here.
        </p>
      ) : (
        <ul aria-label="Earlier versions" className="flex flex-col divide-y rounded-md border">
          {data.versions.map((v) => (
            <VersionRow
              key={v.id}
              fileId={fileId}
              version={v}
              abilities={data.abilities}
              restoring={restore.isPending}
              onRestore={() => onRestore(v)}
              onDelete={() => onDelete(v)}
            />
          ))}
        </ul>
      )}
    </div>
  )
}

/** One earlier version: when and by whom, its size, and its download, restore and delete buttons. */
function VersionRow({
  fileId,
  version: v,
  abilities,
  restoring,
  onRestore,
  onDelete,
}: {
  fileId: string
  version: FileVersion
  abilities: FileVersions['abilities']
  restoring: boolean
  onRestore: () => void
  onDelete: () => void
}) {
  return (
    <li className="flex flex-wrap items-center gap-2 p-2">
      <div className="min-w-0 flex-1 text-sm">
        <div>{formatTimestamp(v.createdAt)}</div>
        <div className="text-muted-foreground">
          {formatBytes(v.size)}
          {v.createdBy ? ` · by ${v.createdBy.name}` : ''} · replaced {formatTimestamp(v.replacedAt)}
        </div>
      </div>
      {abilities.download && (
        <Button variant="ghost" size="sm" asChild>
          <a
            href={versionsApi.downloadUrl(fileId, v.id)}
            download
            aria-label={`Download the version of ${formatTimestamp(v.createdAt)}`}
          >
            <Download aria-hidden="true" /> Download
          </a>
        </Button>
      )}
      {abilities.restore && (
        <Button
          variant="secondary"
          size="sm"
          disabled={restoring}
          aria-label={`Restore the version of ${formatTimestamp(v.createdAt)}`}
          onClick={onRestore}
        >
          <RotateCcw aria-hidden="true" /> Restore
        </Button>
      )}
      {abilities.delete && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete the version of ${formatTimestamp(v.createdAt)}`}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      )}
    </li>
  )
}
