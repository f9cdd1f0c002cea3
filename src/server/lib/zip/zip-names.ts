import { sanitizeName } from '../../../shared/names'

// Entry names a zip can carry safely (zip-slip, docs/decisions/0030): each path segment is made an
// acceptable file name by the one name rule (src/shared/names.ts sanitizeName: no control or hidden
// characters, no slashes or backslashes, no blanks at the ends or trailing dots, which Windows drops so two
// names could meet, no reserved device names), and colons become `_` too; `.`/`..`/empty become `_`; a
// drive letter or leading slash can never appear, as segments are joined with '/' only after cleaning.
// Duplicates within a folder get ` (n)` (after case folding and NFC).

export function safeSegment(raw: string): string {
  return sanitizeName(raw.replace(/:/g, '_'))
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
