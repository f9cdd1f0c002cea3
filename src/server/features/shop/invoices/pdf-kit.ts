import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type PDFKit from 'pdfkit'

// pdfkit and the embedded font, loaded on first use: most requests never print a document.
// DejaVu Sans (the dejavu-fonts-ttf package) covers Latin with every accent and combining mark,
// Greek, Cyrillic and the currency signs (₦ among them); pdfkit embeds the subset a document uses.

export interface PdfKit {
  PDFDocument: typeof PDFKit
  regular: Buffer
  bold: Buffer
}

let loading: Promise<PdfKit> | undefined

export function loadPdfKit(): Promise<PdfKit> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url)
    const font = (name: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${name}`))
    const [pdfkit, regular, bold] = await Promise.all([
      import('pdfkit'),
      font('DejaVuSans.ttf'),
      font('DejaVuSans-Bold.ttf'),
    ])
    return { PDFDocument: pdfkit.default, regular, bold }
  })()
  loading.catch(() => {
    loading = undefined
  })
  return loading
}
