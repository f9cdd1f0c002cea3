import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h, type ReactElement } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { FileItem, FolderChildren, FolderItem } from '../../../shared/contract/files-responses'
import { ApiError } from '../../lib/api-error'
import { sessionKey } from '../accounts/sessions/session'
import { filesKeys } from './files-api'
import { Breadcrumbs } from './folder/breadcrumbs'
import { FolderPage } from './folder/folder-page'
import { StorageUsage } from './home/storage-usage'
import { ListingError } from './listing/listing-states'

const MiB = 1024 * 1024
const ONE_POINT_TWO_MIB = Math.round(1.2 * MiB)

// The file manager rendered to HTML in Node, with the API's answers put in the query cache first:
// what the page offers follows the presenter's `abilities`, never a guess of its own.

const ID = '0000000a-0000-7000-8000-000000000000'
const none = {
  list: true,
  write: false,
  rename: false,
  move: false,
  trash: false,
  copy: true,
  share: false,
  makeLocked: false,
  makePublic: false,
}
const folder = (
  abilities: Partial<FolderItem['abilities']>,
  extra: Partial<FolderItem> = {},
): FolderItem => ({
  id: ID,
  folder_name: 'Reports',
  type: 'locked',
  parent_id: null,
  isTrashed: false,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  access: { level: 'viewer', via: 'grant' },
  abilities: { ...none, ...abilities },
  ...extra,
})
const file: FileItem = {
  id: '0000000f-0000-7000-8000-000000000000',
  filename: 'plan.pdf',
  mimetype: 'application/pdf',
  originalname: 'plan.pdf',
  size: 2048,
  folder_id: ID,
  isTrashed: false,
  sha256: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  abilities: { download: true, replace: false, rename: false, move: false, copy: true, trash: false },
}

function render(url: string, path: string, element: ReactElement, prepare: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  client.setQueryData(sessionKey, null)
  prepare(client)
  return renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client },
      h(MemoryRouter, { initialEntries: [url] }, h(Routes, null, h(Route, { path, element }))),
    ),
  )
}

const renderFolder = (listing: FolderChildren) =>
  render(`/files/${ID}`, '/files/:id', h(FolderPage), (client) =>
    client.setQueryData(filesKeys.folder(ID, { sort: 'name', order: 'asc' }), {
      pages: [listing],
      pageParams: [undefined],
    }),
  )

describe('the folder page', () => {
  it('offers a viewer only reading: no upload, new folder, share or lock', () => {
    const html = renderFolder({
      folder: folder({}),
      breadcrumbs: [{ id: 'p', folder_name: 'Clients', type: 'locked' }],
      audience: { kind: 'inherited', from: { id: 'p', folder_name: 'Clients' } },
      folders: [],
      files: [file],
      pageSize: 100,
      nextCursor: null,
    })
    expect(html).toContain('Download as zip')
    expect(html).toContain('plan.pdf')
    expect(html).toContain('2 KB')
    for (const hidden of ['Choose files', 'New folder', '>Share<', 'Make public', 'Make locked'])
      expect(html).not.toContain(hidden)
    // The trail ends with the folder itself as the current page.
    expect(html).toMatch(/href="\/files\/p"[^>]*>Clients<\/a>/)
    expect(html).toMatch(/aria-current="page"[^>]*>.*Reports<\/span>/)
    // A public folder inside a locked one is open to that folder's members, not to everyone.
    expect(html).toContain('Same access as “Clients”')
    expect(html).not.toContain('>Public<')
  })

  it('offers an administrator of a locked folder upload, share and making it public', () => {
    const html = renderFolder({
      folder: folder({ write: true, share: true, makePublic: true, rename: true, move: true, trash: true }),
      breadcrumbs: [],
      audience: { kind: 'members' },
      folders: [],
      files: [],
      pageSize: 100,
      nextCursor: null,
    })
    expect(html).toContain('Choose files')
    expect(html).toContain('Choose a folder')
    expect(html).toContain('New folder')
    expect(html).toContain('Share')
    expect(html).toContain('Make public')
    expect(html).not.toContain('Make locked')
    expect(html).toContain('This folder is empty')
  })
})

describe('Breadcrumbs', () => {
  it('links every ancestor from the file manager home', () => {
    const html = render(
      '/',
      '/',
      h(Breadcrumbs, { trail: [{ id: 'a', folder_name: 'A', type: 'public' }] }),
      () => {},
    )
    expect(html).toContain('href="/files"')
    expect(html).toContain('aria-current="page"')
  })
})

describe('the storage bar on the files home', () => {
  const renderUsage = (usage: { used: number; uploading: number; quota: number | null; versions?: number }) =>
    render('/files', '/files', h(StorageUsage), (client) =>
      client.setQueryData(filesKeys.storage(), { versions: 0, ...usage }),
    )

  it('shows used of quota as a labelled progress bar', () => {
    const html = renderUsage({ used: ONE_POINT_TWO_MIB, uploading: 0, quota: 10 * MiB })
    expect(html).toMatch(/role="progressbar"[^>]*aria-label="Storage used"/)
    expect(html).toContain(`aria-valuenow="${ONE_POINT_TWO_MIB}"`)
    expect(html).toContain(`aria-valuemax="${10 * MiB}"`)
    expect(html).toContain('1.2 MB of 10 MB')
  })

  it('says when storage is full, and shows no bar without a quota', () => {
    expect(renderUsage({ used: 10_000_000, uploading: 0, quota: 10_000_000 })).toContain(
      'Your storage is full',
    )
    const unlimited = renderUsage({ used: 2048, uploading: 0, quota: null })
    expect(unlimited).not.toContain('progressbar')
    expect(unlimited).toContain('no storage limit')
  })

  it('says how much of the use is earlier versions, which count against the file owner', () => {
    const html = renderUsage({
      used: 3 * MiB,
      uploading: 0,
      versions: Math.round(1.8 * MiB),
      quota: 10 * MiB,
    })
    expect(html).toContain('1.8 MB of it is earlier versions of your files')
    expect(renderUsage({ used: 3_000_000, uploading: 0, quota: 10_000_000 })).not.toContain(
      'earlier versions',
    )
  })
})

describe('a listing that failed', () => {
  const render = (error: unknown) =>
    renderToStaticMarkup(h(MemoryRouter, null, h(ListingError, { error, onRetry: () => {} })))

  it('says the folder cannot be opened, without a retry, when the server refuses or no longer finds it', () => {
    for (const status of [403, 404]) {
      const html = render(
        new ApiError({ status, code: 'not_found', title: 'Not found', detail: 'No such folder.' }),
      )
      expect(html).toContain('You cannot open this')
      expect(html).toContain('href="/files"')
      expect(html).not.toContain('Try again')
    }
  })

  it('offers to try again when the failure may pass', () => {
    const html = render(
      new ApiError({ status: 503, code: 'service_unavailable', title: 'Down', detail: 'Try later.' }),
    )
    expect(html).toContain('This could not be loaded')
    expect(html).toContain('Try again')
  })
})
