// Names of files and folders (product.md §2 "Names"). Pure: the web app checks a name as the user
// types it and the server checks it again before any write, with the same rules and messages.
//
// One namespace per folder for files and subfolders, compared after Unicode NFC normalisation and
// case folding. Refused: empty, `.`/`..`, `/`, `\`, control characters, characters that change how a
// name reads without showing (bidi controls, zero-width and format characters, line and paragraph
// separators: "invoice\u202Egpj.exe" must not pose as a JPEG), whitespace of any kind at either end, a
// trailing dot, Windows' reserved device names (CON, PRN, AUX, NUL, COM1–9, LPT1–9, with or without an
// extension) and more than 255 bytes of UTF-8 (docs/decisions/0048). Names typed by a user (upload,
// rename, new folder) are checked with nameProblem(); names the server makes from stored ones (copy,
// restore, zip entries) go through sanitizeName(), which leaves every acceptable name as it is.
// Upload, copy and restore never overwrite: they pick `name (1).ext`, `name (2).ext`, with the suffix
// before the last dot (`.env` has no extension).

export const MAX_NAME_BYTES = 255

export type NameProblem =
  | 'empty'
  | 'dot_name'
  | 'slash'
  | 'control_character'
  | 'hidden_character'
  | 'leading_space'
  | 'trailing_dot_or_space'
  | 'reserved_name'
  | 'too_long'

export const NAME_PROBLEM_MESSAGES: Record<NameProblem, string> = {
  empty: 'Enter a name.',
  dot_name: 'A name cannot be “.” or “..”.',
  slash: 'A name cannot contain / or \\.',
  control_character: 'A name cannot contain control characters.',
  hidden_character:
    'A name cannot contain invisible or text-direction characters (such as zero-width spaces, right-to-left overrides or line separators).',
  leading_space: 'A name cannot start with a space or another blank character.',
  trailing_dot_or_space: 'A name cannot end with a dot, a space or another blank character.',
  reserved_name:
    'CON, PRN, AUX, NUL, COM1–COM9 and LPT1–LPT9 are reserved by Windows and cannot be used as a name, with or without an extension.',
  too_long: `A name can be at most ${MAX_NAME_BYTES} bytes long.`,
}

const encoder = new TextEncoder()

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/gu
/**
 * Characters that change how a name reads without being seen: the Arabic letter mark, zero-width
 * spaces and joiners, LRM/RLM, line and paragraph separators, bidi embeddings, overrides and isolates,
 * the word joiner and invisible operators, and the byte order mark.
 */
const HIDDEN = /[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu
const LEADING_SPACE = /^\s+/u
const TRAILING_DOT_OR_SPACE = /[\s.]+$/u
/** Windows' device names, which no file there may be called, whatever its extension (COM¹ counts too). */
const RESERVED = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])(\..*)?$/iu

function has(pattern: RegExp, name: string): boolean {
  pattern.lastIndex = 0
  return pattern.test(name)
}

/** The name as it is stored and shown: NFC. Never trimmed: a name with blanks at its ends is refused instead. */
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
  if (has(CONTROL, name)) return 'control_character'
  if (has(HIDDEN, name)) return 'hidden_character'
  if (LEADING_SPACE.test(name)) return 'leading_space'
  if (TRAILING_DOT_OR_SPACE.test(name)) return 'trailing_dot_or_space'
  if (RESERVED.test(name)) return 'reserved_name'
  if (encoder.encode(name).length > MAX_NAME_BYTES) return 'too_long'
  return undefined
}

/**
 * An acceptable name made from any string, for names the server writes without a user typing them
 * (copies and restores of names stored under older rules, zip entries). An acceptable name comes back
 * unchanged (in NFC); otherwise control and hidden characters go, slashes become `_`, blanks at the ends
 * and trailing dots go, a reserved device name gets a leading `_`, and the name is cut to the byte limit.
 */
export function sanitizeName(raw: string): string {
  let name = normalizeName(raw)
  if (nameProblem(name) === undefined) return name
  name = name
    .replace(CONTROL, '')
    .replace(HIDDEN, '')
    .replace(/[/\\]/g, '_')
    .replace(LEADING_SPACE, '')
    .replace(TRAILING_DOT_OR_SPACE, '')
  if (RESERVED.test(name)) name = `_${name}`
  if (encoder.encode(name).length > MAX_NAME_BYTES) {
    name = truncateToBytes(name, MAX_NAME_BYTES).replace(TRAILING_DOT_OR_SPACE, '')
  }
  // '', '.', '..' and names of dots and blanks only end up empty: never a path step.
  return name === '' ? '_' : name
}

/** The longest prefix of whole code points within `max` bytes of UTF-8. */
function truncateToBytes(name: string, max: number): string {
  let out = ''
  let bytes = 0
  for (const ch of name) {
    const size = encoder.encode(ch).length
    if (bytes + size > max) break
    out += ch
    bytes += size
  }
  return out
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
  const suffix = ` (${n})`
  let { stem, extension } = splitExtension(normalizeName(name))
  // An extension too long to keep a character of the stem beside the suffix counts as part of the stem.
  if (encoder.encode(`x${suffix}${extension}`).length > MAX_NAME_BYTES) {
    stem += extension
    extension = ''
  }
  const room = MAX_NAME_BYTES - encoder.encode(suffix + extension).length
  let shortened = stem
  if (encoder.encode(stem).length > room) {
    // A stem cut short must not end in blanks or dots before the suffix, nor vanish (no leading blank).
    shortened = truncateToBytes(stem, room).replace(TRAILING_DOT_OR_SPACE, '') || '_'
  }
  return shortened + suffix + extension
}

/**
 * The first free name: `wanted` itself if its key is not taken, else `wanted (1)`, `(2)`, … `taken`
 * holds the nameKey()s already used in the folder. Always an acceptable name: `wanted` is sanitised.
 */
export function firstFreeName(wanted: string, taken: ReadonlySet<string>): string {
  const name = sanitizeName(wanted)
  if (!taken.has(nameKey(name))) return name
  for (let n = 1; ; n++) {
    const candidate = nameWithSuffix(name, n)
    if (!taken.has(nameKey(candidate))) return candidate
  }
}
