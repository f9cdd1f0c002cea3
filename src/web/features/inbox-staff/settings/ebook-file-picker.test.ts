import { describe, expect, it } from 'vitest'
import { inPublicFolders } from './ebook-file-picker'

describe('inPublicFolders', () => {
  it('is true only when every folder above the file is public', () => {
    expect(inPublicFolders([{ type: 'public' }, { type: 'public' }])).toBe(true)
    expect(inPublicFolders([{ type: 'locked' }, { type: 'public' }])).toBe(false)
    expect(inPublicFolders([{ type: 'public' }, { type: 'locked' }])).toBe(false)
    expect(inPublicFolders([])).toBe(false)
  })
})
