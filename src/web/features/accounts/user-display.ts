// How a person is shown: initials for the avatar fallback and a picture URL we are willing to load.

/** Up to two initials from a name ("Ada Lovelace" → "AL"), else the e-mail's first letter. */
export function initialsOf(name: string | null | undefined, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1)
  const initials = letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase()
  if (initials) return initials
  return (Array.from((email ?? '').trim())[0] ?? '?').toUpperCase()
}

/**
 * The user's picture, only when it is served by us (`/api/users/:id/avatar?v=…`). Anything else (an
 * address at another site) would be refused by the page's CSP and would tell that site who looks.
 */
export function avatarSrc(image: string | null | undefined): string | undefined {
  if (!image?.startsWith('/') || image.startsWith('//') || image.includes('\\')) return undefined
  return image
}
