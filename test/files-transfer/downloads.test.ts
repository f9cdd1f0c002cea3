import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { uploadFile } from './helpers'

// product.md §2 "Downloads": ETag and 304, ranges (206/416), Content-Length, RFC 6266 filename*,
// active content always an attachment with nosniff and a sandboxing CSP, and access: viewers read,
// outsiders and trashed files get 404.

let t: TestApp
let editor: Person
let viewer: Person
let outsider: Person
let folderId: string
const text = Buffer.from('0123456789abcdefghij')
let textId: string

beforeAll(async () => {
  t = await createTestApp()
  editor = await signedIn(t, { name: 'Edna Tester' })
  viewer = await signedIn(t, { name: 'Victor Tester' })
  outsider = await signedIn(t, { name: 'Olga Tester' })
  folderId = (await insertFolder(t.database.db, { folder_name: 'Shared', type: 'locked' })).id
  await grant(t, folderId, editor.id, 'editor')
  await grant(t, folderId, viewer.id, 'viewer')
  textId = await uploadFile(editor, folderId, 'Grüße – résumé.txt', text)
})

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

describe('downloads', () => {
  it('sends the bytes with length, ETag, nosniff and a unicode filename*', async () => {
    const res = await viewer.client.request(`/api/files/${textId}/download`)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(text)).toBe(true)
    expect(res.headers.get('content-length')).toBe(String(text.length))
    expect(res.headers.get('etag')).toBe(`"${Buffer.from(sha(text), 'hex').toString('base64url')}"`)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const disposition = res.headers.get('content-disposition')!
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; /)
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Grüße – résumé.txt')}`)
  })

  it('answers 304 when If-None-Match names the current version', async () => {
    const res = await viewer.client.request(`/api/files/${textId}/download`, {
      headers: { 'If-None-Match': `"${Buffer.from(sha(text), 'hex').toString('base64url')}"` },
    })
    expect(res.status).toBe(304)
    expect(await res.text()).toBe('')
  })

  it('serves one byte range with 206 and Content-Range, suffix ranges too, and 416 past the end', async () => {
    const part = await viewer.client.request(`/api/files/${textId}/download`, {
      headers: { Range: 'bytes=5-9' },
    })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 5-9/${text.length}`)
    expect(part.headers.get('content-length')).toBe('5')
    expect(await part.text()).toBe('56789')
    const tail = await viewer.client.request(`/api/files/${textId}/download`, {
      headers: { Range: 'bytes=-3' },
    })
    expect(await tail.text()).toBe('hij')
    const open = await viewer.client.request(`/api/files/${textId}/download`, {
      headers: { Range: 'bytes=18-' },
    })
    expect(await open.text()).toBe('ij')
    const past = await viewer.client.request(`/api/files/${textId}/download`, {
      headers: { Range: 'bytes=100-' },
    })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${text.length}`)
    // If-Range naming an older version: the whole file, never a splice of two versions.
    const stale = await viewer.client.request(`/api/files/${textId}/download`, {
      headers: { Range: 'bytes=5-9', 'If-Range': '"old"' },
    })
    expect(stale.status).toBe(200)
  })

  it('previews text and images inline, HTML, SVG and XML only as sandboxed attachments', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#08f' } })
      .png()
      .toBuffer()
    const pngId = await uploadFile(editor, folderId, 'photo.png', png)
    const img = await viewer.client.request(`/api/files/${pngId}/preview`)
    expect(img.headers.get('content-type')).toBe('image/png')
    expect(img.headers.get('content-disposition')).toMatch(/^inline;/)
    const txt = await viewer.client.request(`/api/files/${textId}/preview`)
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(txt.headers.get('content-disposition')).toMatch(/^inline;/)

    const cases: [string, string][] = [
      ['page.html', '<html><script>alert(1)</script></html>'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['data.xml', '<?xml version="1.0"?><a/>'],
      ['app.js', 'alert(1)'],
    ]
    for (const [name, body] of cases) {
      const id = await uploadFile(editor, folderId, name, Buffer.from(body))
      for (const route of ['preview', 'download']) {
        const res = await viewer.client.request(`/api/files/${id}/${route}`)
        expect(res.status, `${name} ${route}`).toBe(200)
        expect(res.headers.get('content-disposition'), name).toMatch(/^attachment;/)
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
        expect(res.headers.get('content-security-policy'), name).toMatch(/^sandbox; default-src 'none'/)
      }
    }

    const thumb = await viewer.client.request(`/api/files/${pngId}/thumbnail`)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([256, 128])
    const again = await viewer.client.request(`/api/files/${pngId}/thumbnail`, {
      headers: { 'If-None-Match': thumb.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
    expect((await viewer.client.request(`/api/files/${textId}/thumbnail`)).status).toBe(404)
  })

  it('lets only our own pages frame an inline PDF; nothing else may be framed', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')
    const id = await uploadFile(editor, folderId, 'plan.pdf', pdf)
    const preview = await viewer.client.request(`/api/files/${id}/preview`)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('application/pdf')
    expect(preview.headers.get('content-disposition')).toMatch(/^inline;/)
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(preview.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(preview.headers.get('content-security-policy')).toContain("default-src 'none'")
    const download = await viewer.client.request(`/api/files/${id}/download`)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(download.headers.get('x-frame-options')).toBe('DENY')
    const txt = await viewer.client.request(`/api/files/${textId}/preview`)
    expect(txt.headers.get('x-frame-options')).toBe('DENY')
  })

  it('serves a zero-byte file', async () => {
    const id = await uploadFile(editor, folderId, 'nothing.txt', new Uint8Array(0))
    const res = await viewer.client.request(`/api/files/${id}/download`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('0')
    expect(await res.text()).toBe('')
    const range = await viewer.client.request(`/api/files/${id}/download`, { headers: { Range: 'bytes=0-' } })
    expect(range.status).toBe(416)
  })

  it('hides files from those who cannot open the folder, and trashed files from everyone', async () => {
    expect((await outsider.client.request(`/api/files/${textId}/download`)).status).toBe(404)
    expect((await outsider.client.request(`/api/files/${textId}/preview`)).status).toBe(404)
    const id = await uploadFile(editor, folderId, 'old.txt', Buffer.from('x'))
    await t.database.db.updateTable('files').set({ isTrashed: true }).where('id', '=', id).execute()
    expect((await editor.client.request(`/api/files/${id}/download`)).status).toBe(404)
  })

  it('hands the download to nginx with X-Accel-Redirect when configured', async () => {
    const t2 = await createTestApp({ env: { DOWNLOAD_ACCEL_PREFIX: '/_blobs/' } })
    const ed = await signedIn(t2, { name: 'Nina Tester' })
    const folder = await insertFolder(t2.database.db, { type: 'locked' })
    await grant(t2, folder.id, ed.id, 'editor')
    const id = await uploadFile(ed, folder.id, 'big.bin', Buffer.from('bytes'))
    const key = (
      await t2.database.db.selectFrom('files').select('path').where('id', '=', id).executeTakeFirstOrThrow()
    ).path
    const res = await ed.client.request(`/api/files/${id}/download`)
    expect(res.headers.get('x-accel-redirect')).toBe(`/_blobs/${key.slice(-2)}/${key}`)
    expect(await res.text()).toBe('')
  })
})
