import { describe, expect, it } from 'vitest'
import type { FileItem, FolderItem } from '../../../../shared/contract/files-responses'
import { chosenSortingFrom, nextSorting, previewKind, sortEntries, sortingFrom, toEntries } from './entries'

const folder = (name: string, updatedAt = '2026-01-01T00:00:00.000Z') =>
  ({ id: name, folder_name: name, updatedAt }) as FolderItem
const file = (name: string, size: number, updatedAt = '2026-01-01T00:00:00.000Z') =>
  ({ id: name, filename: name, size, updatedAt }) as FileItem
const names = (entries: ReturnType<typeof toEntries>) =>
  entries.map((e) => (e.type === 'folder' ? e.item.folder_name : e.item.filename))

describe('sortEntries', () => {
  const entries = toEntries(
    [folder('b-folder', '2026-03-01T00:00:00.000Z'), folder('A-folder', '2026-01-01T00:00:00.000Z')],
    [file('z.txt', 10, '2026-02-01T00:00:00.000Z'), file('file 10.txt', 5), file('file 9.txt', 500)],
  )

  it('puts folders first and compares names case-insensitively and numerically', () => {
    expect(names(sortEntries(entries, { sort: 'name', order: 'asc' }))).toEqual([
      'A-folder',
      'b-folder',
      'file 9.txt',
      'file 10.txt',
      'z.txt',
    ])
  })

  it('keeps folders first when the order is reversed', () => {
    expect(names(sortEntries(entries, { sort: 'name', order: 'desc' }))).toEqual([
      'b-folder',
      'A-folder',
      'z.txt',
      'file 10.txt',
      'file 9.txt',
    ])
  })

  it('sorts files by size and folders (which have none) by name', () => {
    expect(names(sortEntries(entries, { sort: 'size', order: 'desc' }))).toEqual([
      'A-folder',
      'b-folder',
      'file 9.txt',
      'z.txt',
      'file 10.txt',
    ])
  })

  it('sorts by last change', () => {
    expect(names(sortEntries(entries, { sort: 'updatedAt', order: 'desc' })).slice(0, 3)).toEqual([
      'b-folder',
      'A-folder',
      'z.txt',
    ])
  })
})

describe('sorting state', () => {
  it('flips the order on the same column and starts a new column ascending', () => {
    expect(nextSorting({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' })
    expect(nextSorting({ sort: 'name', order: 'desc' }, 'size')).toEqual({ sort: 'size', order: 'asc' })
    // From a list in its own order (search results), any column starts ascending.
    expect(nextSorting(null, 'name')).toEqual({ sort: 'name', order: 'asc' })
  })

  it('reads the URL and ignores unknown values', () => {
    expect(sortingFrom(new URLSearchParams('sort=size&order=desc'))).toEqual({ sort: 'size', order: 'desc' })
    expect(sortingFrom(new URLSearchParams('sort=evil&order=up'))).toEqual({ sort: 'name', order: 'asc' })
    // Only what the URL names: nothing when it names no column.
    expect(chosenSortingFrom(new URLSearchParams('q=rep'))).toBeNull()
    expect(chosenSortingFrom(new URLSearchParams('sort=evil'))).toBeNull()
    expect(chosenSortingFrom(new URLSearchParams('sort=name'))).toEqual({ sort: 'name', order: 'asc' })
  })
})

describe('previewKind', () => {
  it('previews safe types and never SVG', () => {
    expect(previewKind('image/png')).toBe('image')
    expect(previewKind('image/svg+xml')).toBeNull()
    expect(previewKind('application/pdf')).toBe('pdf')
    expect(previewKind('video/mp4')).toBe('video')
    expect(previewKind('text/plain')).toBe('text')
    expect(previewKind('text/html')).toBeNull()
  })
})
