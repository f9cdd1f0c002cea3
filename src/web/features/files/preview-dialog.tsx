import { useQuery } from '@tanstack/react-query'
import { Download, ExternalLink } from 'lucide-react'
import { lazy, Suspense } from 'react'
import type { FileItem } from '../../../shared/contract/files-responses'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog'
import { Spinner } from '../../components/ui/spinner'
import { formatBytes } from '../../lib/format'
import { useFileAddresses } from './file-addresses'
import { previewKind } from './listing/entries'

const TEXT_LIMIT = 512 * 1024

// PDF.js and its worker load only when a PDF is previewed (decision 0137).
const PdfViewer = lazy(() => import('./pdf/pdf-viewer'))

/**
 * One file: shown in the page when it is safe to (images, audio, video, text, PDF), else offered for
 * download. A PDF is drawn page by page by PDF.js, loaded only then (decision 0137), so it shows
 * where the browser has no PDF viewer of its own (Android, in-app browsers); "Open" still offers the
 * browser's viewer in a tab. The addresses come from the page (a share link's page gives the link's).
 */
export function PreviewDialog({ file, onClose }: { file: FileItem; onClose: () => void }) {
  const kind = previewKind(file.mimetype)
  const addresses = useFileAddresses()
  const previewUrl = addresses.preview
  const downloadUrl = addresses.download
  const text = useQuery({
    queryKey: ['files', 'text', previewUrl(file.id), file.updatedAt],
    queryFn: async ({ signal }) => {
      const res = await fetch(previewUrl(file.id), {
        signal,
        headers: { Range: `bytes=0-${TEXT_LIMIT - 1}` },
      })
      if (!res.ok) throw new Error('The file could not be read.')
      return res.text()
    },
    enabled: kind === 'text',
  })
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={file.filename}
        description={`${file.mimetype} · ${formatBytes(file.size)}`}
        className="max-w-4xl"
      >
        <div className="flex min-h-24 items-center justify-center">
          {kind === 'image' && (
            <img
              src={previewUrl(file.id)}
              alt={file.filename}
              className="max-h-[65dvh] max-w-full object-contain"
            />
          )}
          {kind === 'video' && (
            // biome-ignore lint/a11y/useMediaCaption: users' own files come without captions.
            <video src={previewUrl(file.id)} controls className="max-h-[65dvh] max-w-full" />
          )}
          {kind === 'audio' && (
            // biome-ignore lint/a11y/useMediaCaption: users' own files come without captions.
            <audio src={previewUrl(file.id)} controls className="w-full" />
          )}
          {kind === 'text' &&
            (text.isPending ? (
              <Spinner label="Loading" />
            ) : text.isError ? (
              <Alert variant="danger" title="Could not show this file">
                Download it instead.
              </Alert>
            ) : (
              <pre className="max-h-[60dvh] w-full overflow-auto rounded-md bg-surface-muted p-3 text-sm whitespace-pre-wrap">
                {text.data}
              </pre>
            ))}
          {kind === 'pdf' && (
            <Suspense fallback={<Spinner label="Loading the PDF viewer" />}>
              <PdfViewer
                key={previewUrl(file.id)}
                url={previewUrl(file.id)}
                filename={file.filename}
                downloadUrl={file.abilities.download ? downloadUrl(file.id) : null}
              />
            </Suspense>
          )}
          {kind === null && <p className="text-sm text-fg-muted">This kind of file cannot be shown here.</p>}
        </div>
        <DialogFooter>
          {kind === 'pdf' && (
            <Button variant="secondary" asChild>
              <a href={previewUrl(file.id)} target="_blank" rel="noopener">
                <ExternalLink aria-hidden="true" /> Open
              </a>
            </Button>
          )}
          {file.abilities.download && (
            <Button asChild>
              <a href={downloadUrl(file.id)} download>
                <Download aria-hidden="true" /> Download
              </a>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
