/**
 * The HTTP response for a CSV download. Exports hold personal data, so nothing caches them.
 * The stream is handed on as is: the body is never buffered.
 */
export function csvResponse(stream: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(filename),
      'Cache-Control': 'no-store',
    },
  })
}

/**
 * RFC 6266: `attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded`. Browsers that
 * understand `filename*` (all current ones) show the real name; others get the ASCII approximation.
 */
export function attachmentDisposition(filename: string): string {
  const name = safeName(filename)
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc8187(name)}`
}

// Control characters could split the header; path separators have no business in a download name.
function safeName(filename: string): string {
  const cleaned = filename
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    .replace(/[\u0000-\u001f\u007f/\\]/g, '_')
    .trim()
  return cleaned || 'export.csv'
}

// "Zoë" becomes "Zoe" rather than "Zo_": decompose and drop the combining marks first. `%` is replaced
// because some browsers percent-decode even the plain `filename` parameter.
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["%;]/g, '_')
}

// RFC 8187 attr-char excludes ' ( ) * which encodeURIComponent leaves alone.
function encodeRfc8187(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}
