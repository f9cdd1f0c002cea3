import { ChevronLeft, ChevronRight, Download } from 'lucide-react'
import { type KeyboardEvent, useEffect, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { usePdfDocument, usePdfPage } from './pdf-document'

/**
 * A PDF drawn by PDF.js, one page at a time, as wide as the dialog (decision 0137). Loaded lazily by
 * the preview dialog, so PDF.js reaches only those who open a PDF. A file PDF.js cannot read (damaged,
 * or protected by a password) gets a message and, where the viewer may, the download link.
 */
export default function PdfViewer({
  url,
  filename,
  downloadUrl,
}: {
  url: string
  filename: string
  downloadUrl: string | null
}) {
  const pdf = usePdfDocument(url)
  const doc = pdf.status === 'ready' ? pdf.doc : null
  const pages = doc?.numPages ?? 0
  const [pageNumber, setPageNumber] = useState(1)
  const [frame, setFrame] = useState<HTMLElement | null>(null)
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null)
  const width = useWidth(frame)
  const page = usePdfPage(doc, pageNumber, canvas, width)

  const go = (to: number) => setPageNumber(Math.min(Math.max(1, to), pages))
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'PageUp') go(pageNumber - 1)
    else if (event.key === 'ArrowRight' || event.key === 'PageDown') go(pageNumber + 1)
    else return
    event.preventDefault()
  }

  if (pdf.status === 'error' || page.failed) {
    return (
      <Alert
        variant="danger"
        title="Could not show this PDF"
        className="w-full"
        action={
          downloadUrl && (
            <Button asChild size="sm">
              <a href={downloadUrl} download>
                <Download aria-hidden="true" /> Download {filename}
              </a>
            </Button>
          )
        }
      >
        {pdf.status === 'error' && pdf.reason === 'password'
          ? 'It is protected by a password, which the preview cannot ask for.'
          : 'The file may be damaged or not a PDF.'}{' '}
        {downloadUrl ? 'Download it to open it on your device.' : ''}
      </Alert>
    )
  }
  const label = `Page ${pageNumber} of ${pages}`
  return (
    <div className="flex w-full min-w-0 flex-col gap-3">
      <section
        ref={setFrame}
        aria-label={`${filename}, ${doc ? label : 'loading'}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a page taller than the dialog scrolls in this box, which keyboards must reach; its arrows turn pages.
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="relative max-h-[65dvh] min-h-40 w-full overflow-y-auto overflow-x-hidden rounded-md border border-border bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {(!doc || !page.drawn) && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label="Loading the PDF" />
          </div>
        )}
        {doc && (
          <canvas
            ref={setCanvas}
            role="img"
            aria-label={`${filename}, ${label}`}
            data-drawn={page.drawn || undefined}
            className="block h-auto w-full bg-white"
          />
        )}
      </section>
      {doc && (
        <nav aria-label="PDF pages" className="flex items-center justify-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => go(pageNumber - 1)} disabled={pageNumber <= 1}>
            <ChevronLeft aria-hidden="true" /> <span className="max-sm:sr-only">Previous page</span>
          </Button>
          <p aria-live="polite" className="text-sm tabular-nums">
            {label}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => go(pageNumber + 1)}
            disabled={pageNumber >= pages}
          >
            <span className="max-sm:sr-only">Next page</span> <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  )
}

/** The element's content width in CSS pixels, followed as it changes. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0)
  useEffect(() => {
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return width
}
