// Names of files and folders (product.md §2 "Names"). Pure: the web app checks a name as the user
// types it and the server checks it again before any write, with the same rules and messages.
//
// One namespace per folder for files and subfolders, compared after Unicode NFC normalisation and
// case folding. Refused: empty, `.`/`..`, `/`, `\`, control characters, a trailing dot or space, and
// more than 255 bytes of UTF-8. Upload, copy and restore never overwrite: they pick `name (1).ext`,
// `name (2).ext`, with the suffix before the last dot (`.env` has no extension).

export const MAX_NAME_BYTES = 255

export type NameProblem =
  | 'empty'
  | 'dot_name'
  | 'slash'
  | 'control_character'
  | 'trailing_dot_or_space'
  | 'too_long'

export const NAME_PROBLEM_MESSAGES: Record<NameProblem, string> = {
  empty: 'Enter a name.',
  dot_name: 'A name cannot be “.” or “..”.',
  slash: 'A name cannot contain / or \\.',
  control_character: 'A name cannot contain control characters.',
  trailing_dot_or_space: 'A name cannot end with a dot or a space.',
  too_long: `A name can be at most ${MAX_NAME_BYTES} bytes long.`,
}

const encoder = new TextEncoder()
/** C0 controls, DEL and C1 controls. */
function hasControlCharacter(name: string): boolean {
  for (const ch of name) {
    const code = ch.codePointAt(0) ?? 0
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true
  }
  return false
}

/** The name as it is stored and shown: NFC. Never trimmed: a leading space is the user's choice. */
export function normalizeName(name: string): string {
  return name.normalize('NFC')
}

/** What a name is compared by within a folder: NFC, then case-folded. */
export function nameKey(name: string): string {
  // toLowerCase after toUpperCase folds the few characters whose lower form alone does not match
  // (e.g. ß/ẞ, the Kelvin sign); NFC again, as case mapping can denormalise.
  return name.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC')
}

/** The first rule the name breaks, or undefined when it is acceptable. Checks the NFC form. */
export function nameProblem(raw: string): NameProblem | undefined {
  const name = normalizeName(raw)
  if (name.length === 0) return 'empty'
  if (name === '.' || name === '..') return 'dot_name'
  if (name.includes('/') || name.includes('\\')) return 'slash'
  if (hasControlCharacter(name)) return 'control_character'
  if (name.endsWith('.') || name.endsWith(' ')) return 'trailing_dot_or_space'
  if (encoder.encode(name).length > MAX_NAME_BYTES) return 'too_long'
  return undefined
}

/** Splits at the last dot that is not the first character: `a.tar.gz` → `a.tar` + `.gz`; `.env` → `.env` + ``. */
export function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return { stem: name, extension: '' }
  return { stem: name.slice(0, dot), extension: name.slice(dot) }
}

/**
 * The n-th alternative for a taken name: `report.pdf` → `report (1).pdf`. When the result would be
 * over the byte limit, the stem is shortened (by whole code points) to make room for the suffix.
 */
export function nameWithSuffix(name: string, n: number): string {
  if (n <= 0) return name
  const { stem, extension } = splitExtension(normalizeName(name))
  const suffix = ` (${n})`
  let shortened = stem
  while (shortened.length > 0 && encoder.encode(shortened + suffix + extension).length > MAX_NAME_BYTES) {
    shortened = Array.from(shortened).slice(0, -1).join('')
  }
  return shortened + suffix + extension
}

/**
 * The first free name: `wanted` itself if its key is not taken, else `wanted (1)`, `(2)`, … `taken`
 * holds the nameKey()s already used in the folder.
 */
export function firstFreeName(wanted: string, taken: ReadonlySet<string>): string {
  const name = normalizeName(wanted)
  if (!taken.has(nameKey(name))) return name
  for (let n = 1; ; n++) {
    const candidate = nameWithSuffix(name, n)
    if (!taken.has(nameKey(candidate))) return candidate
  }
}
