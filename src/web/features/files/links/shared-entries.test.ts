import { describe, expect, it } from 'vitest'
import { linkAddresses, sharedFileItem, sharedFolderItem } from './shared-entries'

// A share link's page reuses the file manager's pieces with the link's addresses: every address
// stays under the link, and a visitor's items carry no ability but the download the link allows.

describe('linkAddresses', () => {
  const at = linkAddresses('tok_en', 'root-id')

  it('keeps folders on the link’s page, the shared folder at its bare address', () => {
    expect(at.folderPage('root-id')).toBe('/s/tok_en')
    expect(at.folderPage('sub id')).toBe('/s/tok_en?folder=sub%20id')
    expect(at.root).toBeNull()
  })

  it('sends bytes through the link’s API, never the signed-in file routes', () => {
    expect(at.preview('f1')).toBe('/api/s/tok_en/files/f1/preview')
    expect(at.download('f1')).toBe('/api/s/tok_en/files/f1/download')
    expect(at.zip('root-id')).toBe('/api/s/tok_en/zip')
    expect(at.zip('sub')).toBe('/api/s/tok_en/zip?folder=sub')
    expect(at.thumbnail('f1')).toBeNull()
  })
})

describe('shared items', () => {
  const file = {
    id: 'f',
    filename: 'a.txt',
    mimetype: 'text/plain',
    size: 3,
    updatedAt: '2026-01-01T00:00:00Z',
  }

  it('allows a download only when the link does, and nothing else', () => {
    expect(sharedFileItem(file, 'd', true).abilities).toEqual({
      download: true,
      replace: false,
      rename: false,
      move: false,
      copy: false,
      trash: false,
    })
    expect(sharedFileItem(file, 'd', false).abilities.download).toBe(false)
    const folder = sharedFolderItem({ id: 'x', folder_name: 'X', updatedAt: file.updatedAt }, 'd')
    expect(Object.entries(folder.abilities).filter(([, v]) => v)).toEqual([['list', true]])
  })
})
