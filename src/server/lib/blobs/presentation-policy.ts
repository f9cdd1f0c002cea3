// How a stored file may be shown in the browser (product.md §2 "Downloads"). Images, PDF, audio,
// video and plain text preview inline; everything else — above all active content (HTML, SVG, XML,
// scripts), which would run with our origin's rights — is an attachment. Every file response also
// carries `nosniff` and a sandboxing CSP, so even a mislabelled upload cannot become a page of ours.

export type Presentation = {
  disposition: 'inline' | 'attachment'
  /** The Content-Type to send (text previews are always sent as plain text). */
  contentType: string
  contentSecurityPolicy: string
  /**
   * Whether our own pages may show it in a frame (X-Frame-Options SAMEORIGIN, frame-ancestors 'self'):
   * only an inline PDF, which the file manager previews in the browser's viewer. Everything else is
   * never framed (DENY), as every page of ours.
   */
  frameable: boolean
}

const ACTIVE =
  /^(text\/(html|xml|javascript|ecmascript|xsl|x-javascript)|image\/svg\+xml|application\/(xhtml\+xml|xml|javascript|x-javascript|ecmascript|xslt\+xml|[\w.-]+\+xml))$/i

/** Everything a file response may load: nothing. `sandbox` makes any document unique-origin, no script. */
export const SANDBOX_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; media-src 'self'"
/**
 * Chromium will not run its PDF viewer in a sandboxed document; a PDF runs no script of ours anyway.
 * Our pages may frame it (the preview dialog); no other site may.
 */
const PDF_CSP = "default-src 'none'; object-src 'self'; plugin-types application/pdf; frame-ancestors 'self'"

export function isActiveContent(mimetype: string): boolean {
  return ACTIVE.test(mimetype.split(';')[0]!.trim())
}

export function presentation(mimetype: string, wanted: 'inline' | 'attachment'): Presentation {
  const type = mimetype.split(';')[0]!.trim().toLowerCase()
  const attachment: Presentation = {
    disposition: 'attachment',
    contentType: type || 'application/octet-stream',
    contentSecurityPolicy: SANDBOX_CSP,
    frameable: false,
  }
  if (wanted === 'attachment' || isActiveContent(type)) return attachment
  if (type === 'application/pdf')
    return { disposition: 'inline', contentType: type, contentSecurityPolicy: PDF_CSP, frameable: true }
  if (/^(image|audio|video)\//.test(type)) {
    return { disposition: 'inline', contentType: type, contentSecurityPolicy: SANDBOX_CSP, frameable: false }
  }
  if (type.startsWith('text/') || type === 'application/json') {
    return {
      disposition: 'inline',
      contentType: 'text/plain; charset=utf-8',
      contentSecurityPolicy: SANDBOX_CSP,
      frameable: false,
    }
  }
  return attachment
}
