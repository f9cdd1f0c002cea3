import { ProgressBar } from '../../../components/ui/progress-bar'
import { formatBytes } from '../../../lib/format'
import { useStorageUsage } from '../files-api'

/** The caller's storage on the files home: a bar "used of quota", or a line of text without a quota. */
export function StorageUsage() {
  const usage = useStorageUsage()
  if (usage.isPending) return <p className="text-fg-muted text-sm">Checking your storage…</p>
  if (usage.isError) return <p className="text-fg-muted text-sm">Your storage use could not be loaded.</p>
  const { used, uploading, versions, quota } = usage.data
  const notes = [
    quota !== null && used >= quota
      ? 'Your storage is full: empty your trash or delete files or earlier versions to make room.'
      : null,
    versions > 0
      ? `${formatBytes(versions)} of it is earlier versions of your files, including those others replaced.`
      : null,
    uploading > 0 ? `${formatBytes(uploading)} of it is held for uploads under way.` : null,
  ].filter((note) => note !== null)
  if (quota === null)
    return (
      <p className="text-fg-muted text-sm">
        Storage used: {formatBytes(used)}
        {versions > 0 ? `, ${formatBytes(versions)} of it earlier versions of your files` : ''}. Your account
        has no storage limit.
      </p>
    )
  return (
    <div className="flex max-w-md flex-col gap-1">
      <ProgressBar
        label="Storage used"
        value={used}
        max={quota}
        valueText={`${formatBytes(used)} of ${formatBytes(quota)}`}
      />
      {notes.map((note) => (
        <p key={note} className="text-fg-muted text-xs">
          {note}
        </p>
      ))}
    </div>
  )
}
