import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { FileItem, FolderItem, SearchResult } from '../../../shared/contract/files-responses'
import { sessionKey } from '../accounts/sessions/session'
import { filesKeys } from './files-api'
import { SearchPage } from './search-page'

// The search page shows results as the server ranked them (decision 0150: names that start with the
// text, then the others), folders and files interleaved, until the user sorts by a column.

const stamp = '2026-01-01T00:00:00.000Z'
const folder = (id: string, name: string): SearchResult['folders'][number] =>
  ({
    id,
    folder_name: name,
    type: 'locked',
    parent_id: null,
    isTrashed: false,
    createdBy: null,
    createdAt: stamp,
    updatedAt: stamp,
    access: { level: 'viewer', via: 'grant' },
    abilities: {
      list: true,
      write: false,
      rename: false,
      move: false,
      trash: false,
      copy: true,
      share: false,
      makeLocked: false,
      makePublic: false,
    },
    parentName: null,
  }) satisfies FolderItem & { parentName: null }
const file = (id: string, name: string): SearchResult['files'][number] =>
  ({
    id,
    filename: name,
    mimetype: 'text/plain',
    originalname: name,
    size: 10,
    folder_id: 'f',
    isTrashed: false,
    sha256: null,
    createdBy: null,
    createdAt: stamp,
    updatedAt: stamp,
    abilities: { download: true, replace: false, rename: false, move: false, copy: true, trash: false },
    folderName: 'Box',
  }) satisfies FileItem & { folderName: string }

const pages: SearchResult[] = [
  {
    q: 'rep',
    folders: [folder('d1', 'Reports'), folder('d2', 'Old reports')],
    files: [file('f1', 'report.pdf'), file('f2', 'a report.txt')],
    order: [
      { type: 'folder', id: 'd1', tier: 'starts' },
      { type: 'file', id: 'f1', tier: 'starts' },
      { type: 'file', id: 'f2', tier: 'contains' },
      { type: 'folder', id: 'd2', tier: 'contains' },
    ],
    nextCursor: 'next',
  },
  {
    q: 'rep',
    folders: [],
    files: [file('f3', 'Zz rep.txt'), file('f1', 'report.pdf')],
    // f1 again, as if renamed between the pages: shown once.
    order: [
      { type: 'file', id: 'f3', tier: 'contains' },
      { type: 'file', id: 'f1', tier: 'contains' },
    ],
    nextCursor: null,
  },
]

function renderSearch(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  client.setQueryData(sessionKey, null)
  client.setQueryData([...filesKeys.search('rep'), 'pages'], { pages, pageParams: [undefined, 'next'] })
  return renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client },
      h(
        MemoryRouter,
        { initialEntries: [url] },
        h(Routes, null, h(Route, { path: '/files/search', element: h(SearchPage) })),
      ),
    ),
  )
}

/** The names in the order the page shows them. */
function shownNames(html: string): string[] {
  const names = ['Reports', 'Old reports', 'report.pdf', 'a report.txt', 'Zz rep.txt']
  return names
    .map((name) => ({ name, at: html.indexOf(`>${name}<`) }))
    .filter((n) => n.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((n) => n.name)
}

describe('the search page', () => {
  it('shows the results best match first, as the server ranked them, each once', () => {
    const html = renderSearch('/files/search?q=rep')
    expect(shownNames(html)).toEqual(['Reports', 'report.pdf', 'a report.txt', 'Old reports', 'Zz rep.txt'])
    expect(html.split('>report.pdf<').length - 1).toBe(1)
    expect(html).toContain('Names that start with “rep” first, then names that contain it.')
    expect(html).not.toContain('aria-sort')
  })

  it('sorts the loaded results by a column once the user picks one, and offers the best matches again', () => {
    const html = renderSearch('/files/search?q=rep&sort=name&order=asc')
    expect(shownNames(html)).toEqual(['Old reports', 'Reports', 'a report.txt', 'report.pdf', 'Zz rep.txt'])
    expect(html).toContain('aria-sort="ascending"')
    expect(html).toContain('Best matches first')
  })
})
