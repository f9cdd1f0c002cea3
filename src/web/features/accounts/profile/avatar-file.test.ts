import { describe, expect, it } from 'vitest'
import { AVATAR_MAX_BYTES } from '../../../../shared/contract/accounts'
import { AVATAR_ACCEPT, avatarFileProblem } from './avatar-file'

describe('avatarFileProblem', () => {
  it('accepts the image types the server takes, up to the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
      expect(avatarFileProblem({ type, size: 1000 })).toBeUndefined()
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeUndefined()
  })

  it('refuses other types (SVG included), empty files and files over the limit', () => {
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 100 })).toMatch(/JPEG, PNG, WebP or GIF/)
    expect(avatarFileProblem({ type: '', size: 100 })).toMatch(/JPEG, PNG, WebP or GIF/)
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toMatch(/empty/)
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      'That picture is over 5 MB. Choose a smaller one.',
    )
  })

  it('offers exactly those types in the file picker', () => {
    expect(AVATAR_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/gif')
  })
})
