// Entry names a zip can carry safely (zip-slip, docs/decisions/0030): each path segment loses control
// characters, slashes, backslashes and colons, and trailing dots and spaces (Windows drops them, so two
// names could meet); `.`/`..`/empty become `_`; a drive letter or leading slash can never appear, as segments are joined
// with '/' only after cleaning. Duplicates within a folder get ` (n)` (after case folding and NFC).

export function safeSegment(raw: string): string {
  const cleaned = raw
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[/\\:]/g, '_')
    .replace(/[\s.]+$/, '')
  // '.', '..' and names of dots only end up empty here: never a path step upwards.
  return cleaned === '' ? '_' : cleaned
}

/** Keeps names unique within one folder of the archive. */
export class NameSet {
  private readonly used = new Set<string>()
  take(segment: string): string {
    let candidate = segment
    for (let n = 1; this.used.has(key(candidate)); n++) {
      const dot = segment.lastIndexOf('.')
      candidate = dot > 0 ? `${segment.slice(0, dot)} (${n})${segment.slice(dot)}` : `${segment} (${n})`
    }
    this.used.add(key(candidate))
    return candidate
  }
}

const key = (s: string) => s.normalize('NFC').toUpperCase().toLowerCase()
