import { describe, expect, it } from 'vitest'
import { extensionChange, extensionOf } from './extension-change'

describe('a replacement of another type', () => {
  it('reads extensions, ignoring a lone leading dot and letter case', () => {
    expect(extensionOf('report.PDF')).toBe('.pdf')
    expect(extensionOf('archive.tar.gz')).toBe('.gz')
    expect(extensionOf('.env')).toBe('')
    expect(extensionOf('README')).toBe('')
    expect(extensionOf('trailing.')).toBe('')
  })

  it('offers the new extension on the old name, keeping the chosen file’s spelling', () => {
    expect(extensionChange('report.pdf', 'Report final.DOCX')).toEqual({
      from: '.pdf',
      to: '.docx',
      renamed: 'report.DOCX',
    })
    expect(extensionChange('README', 'readme.md')).toEqual({ from: '', to: '.md', renamed: 'README.md' })
  })

  it('says nothing when the type stays, or the new content has no extension', () => {
    expect(extensionChange('notes.txt', 'other-name.TXT')).toBeNull()
    expect(extensionChange('notes.txt', 'Makefile')).toBeNull()
  })
})
