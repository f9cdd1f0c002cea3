import { Alert } from '../../components/ui/alert'
import { ProgressBar } from '../../components/ui/progress-bar'
import { formatBytes } from '../../lib/format'
import type { useZipDownload } from './zip-download'

/** A folder zip being prepared (bytes so far, of how many when known), or why it failed. */
export function ZipStatus({ zip }: { zip: ReturnType<typeof useZipDownload> }) {
  return (
    <>
      {zip.progress && (
        <ProgressBar
          label="Preparing the zip"
          value={zip.progress.total === null ? undefined : zip.progress.received}
          max={zip.progress.total ?? 100}
          valueText={`${formatBytes(zip.progress.received)}${zip.progress.total ? ` of ${formatBytes(zip.progress.total)}` : ''}`}
        />
      )}
      {zip.error && (
        <Alert variant="danger" title="The zip could not be downloaded">
          {zip.error}
        </Alert>
      )}
    </>
  )
}
