import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { UploadWidget } from './upload-widget'
import { useUploadQueue } from './use-upload-queue'

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
