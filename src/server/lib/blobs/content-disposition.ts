/**
 * `Content-Disposition` per RFC 6266: an ASCII `filename` fallback for old clients (non-ASCII, quotes,
 * backslashes and controls replaced) and the exact name as RFC 8187 `filename*=UTF-8''…`.
 */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
