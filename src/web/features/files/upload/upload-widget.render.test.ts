import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { UploadList } from './upload-list'
import { overall, type UploadItem } from './upload-progress'
import { UploadWidget } from './upload-widget'
import { type UploadQueue, useUploadQueue } from './use-upload-queue'

// The widget rendered to HTML in Node (no DOM): what a keyboard or screen-reader user finds first.

function Widget() {
  const uploads = useUploadQueue({ folderId: '0190f0f0-0000-7000-8000-000000000000' })
  return h(UploadWidget, { uploads })
}

describe('UploadWidget', () => {
  it('offers labelled file and folder pickers as buttons, and no list before anything is picked', () => {
    const html = renderToStaticMarkup(h(Widget))
    expect(html).toContain('Choose files')
    expect(html).toContain('Choose a folder')
    expect(html).toContain('aria-label="Files to upload"')
    expect(html).toContain('aria-label="Folder to upload"')
    expect(html).toContain('webkitdirectory')
    expect(html).toContain('drop files and folders anywhere')
    expect(html).not.toContain('role="progressbar"')
  })
})

// The panel as it looks with a batch in it; the queue is plain data here (its own hook runs in the browser).
function panel(items: UploadItem[], startedAt = Date.now() - 4000): string {
  const uploads: UploadQueue = {
    items,
    total: overall(items),
    startedAt,
    add: () => {},
    cancel: () => {},
    cancelAll: () => {},
    clear: () => {},
  }
  return renderToStaticMarkup(h(UploadList, { uploads }))
}

const row = (n: number, over: Partial<UploadItem> = {}): UploadItem => ({
  key: `k${n}`,
  name: `file-${n}.txt`,
  path: '',
  status: 'done',
  sent: 1000,
  total: 1000,
  ...over,
})

describe('the upload panel', () => {
  it('shows a small batch file by file while it runs, with its speed and Cancel all', () => {
    const html = panel([row(1), row(2, { status: 'uploading', sent: 500_000, total: 4_000_000 })])
    expect(html).toContain('Uploading 2 files · 1 done')
    expect(html).toMatch(/\/s · about \d+ s left/)
    expect(html).toContain('file-1.txt')
    expect(html).toContain('aria-label="Cancel file-2.txt"')
    expect(html).toContain('Cancel all')
    expect(html).toContain('aria-expanded="true"')
    expect(html).not.toContain('>Close<')
  })

  it('folds 500 finished rows into one line with Show details and Close', () => {
    const html = panel(Array.from({ length: 500 }, (_, i) => row(i)))
    expect(html).toContain('500 files uploaded')
    expect(html).toContain('Show details')
    expect(html).toContain('aria-expanded="false"')
    expect(html).toContain('>Close<')
    expect(html).not.toContain('file-1.txt')
    expect(html.match(/role="progressbar"/g)).toHaveLength(1)
  })

  it('keeps the failures of a folded batch in view, with their errors', () => {
    const items = Array.from({ length: 40 }, (_, i) =>
      i % 20 === 3 ? row(i, { status: 'failed', error: 'Your storage is full' }) : row(i),
    )
    const html = panel(items)
    expect(html).toContain('38 of 40 files uploaded · 2 failed')
    expect(html).toContain('file-3.txt')
    expect(html).toContain('file-23.txt')
    expect(html).toContain('Your storage is full')
    expect(html).not.toContain('file-4.txt')
  })
})
