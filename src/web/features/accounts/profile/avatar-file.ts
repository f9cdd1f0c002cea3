import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../../shared/contract/accounts'
import { formatBytes } from '../../../lib/format'

/** What the file picker offers: the image types the server takes. */
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',')

/**
 * Why a chosen file cannot be a profile picture, before uploading it; undefined when it may be. The
 * server checks again (and decodes the image, which is the real test).
 */
export function avatarFileProblem(file: { type: string; size: number }): string | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG, WebP or GIF picture.'
  }
  if (file.size === 0) return 'That file is empty. Choose another picture.'
  if (file.size > AVATAR_MAX_BYTES) {
    return `That picture is over ${formatBytes(AVATAR_MAX_BYTES)}. Choose a smaller one.`
  }
  return undefined
}
