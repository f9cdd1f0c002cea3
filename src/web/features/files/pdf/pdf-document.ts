import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  RenderingCancelledException,
} from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { useEffect, useState } from 'react'

// PDF.js, loaded with the PDF viewer's own chunk (decision 0137): the document is read by its worker,
// a same-origin module script (the CSP's script-src 'self' covers it), fetched from the preview
// address in ranges where the server allows them, so a large file's first page shows before the rest
// has arrived. Eval is off: the CSP allows none, and PDF.js would otherwise probe for it.

GlobalWorkerOptions.workerSrc = workerUrl

export type PdfState =
  | { status: 'loading' }
  | { status: 'error'; reason: 'password' | 'unreadable' }
  | { status: 'ready'; doc: PDFDocumentProxy }

/** The PDF at `url`, opened once and closed when the viewer goes. */
export function usePdfDocument(url: string): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' })
  useEffect(() => {
    setState({ status: 'loading' })
    const task = getDocument({ url, isEvalSupported: false, withCredentials: false })
    let live = true
    task.promise.then(
      (doc) => live && setState({ status: 'ready', doc }),
      (error: unknown) => {
        if (!live) return
        const password = error instanceof Error && error.name === 'PasswordException'
        setState({ status: 'error', reason: password ? 'password' : 'unreadable' })
      },
    )
    return () => {
      live = false
      void task.destroy()
    }
  }, [url])
  return state
}

/**
 * Draws one page into `canvas`, as wide as `width` CSS pixels at the screen's pixel density. Only the
 * shown page is drawn; turning the page or a new width cancels a drawing still under way. `drawn` holds
 * for the page and width asked for now, never for an earlier drawing still on the canvas.
 */
export function usePdfPage(
  doc: PDFDocumentProxy | null,
  pageNumber: number,
  canvas: HTMLCanvasElement | null,
  width: number,
): { drawn: boolean; failed: boolean } {
  const wanted = `${pageNumber}@${width}`
  const [result, setResult] = useState({ of: '', drawn: false, failed: false })
  useEffect(() => {
    if (!doc || !canvas || width <= 0) return
    const of = `${pageNumber}@${width}`
    let cancel = () => {}
    let live = true
    doc
      .getPage(pageNumber)
      .then(async (page) => {
        if (!live) return
        const scale = (width / page.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1)
        const viewport = page.getViewport({ scale })
        canvas.width = Math.floor(viewport.width)
        canvas.height = Math.floor(viewport.height)
        const task = page.render({ canvas, viewport })
        cancel = () => task.cancel()
        await task.promise
        if (live) setResult({ of, drawn: true, failed: false })
      })
      .catch((error: unknown) => {
        if (live && !(error instanceof RenderingCancelledException))
          setResult({ of, drawn: false, failed: true })
      })
    return () => {
      live = false
      cancel()
    }
  }, [doc, pageNumber, canvas, width])
  return result.of === wanted
    ? { drawn: result.drawn, failed: result.failed }
    : { drawn: false, failed: false }
}
