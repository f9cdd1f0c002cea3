import { describe, expect, it } from 'vitest'
import { presentation } from './presentation-policy'

describe('presentation', () => {
  it.each([
    ['image/png', 'inline', 'image/png'],
    ['image/jpeg', 'inline', 'image/jpeg'],
    ['application/pdf', 'inline', 'application/pdf'],
    ['audio/mpeg', 'inline', 'audio/mpeg'],
    ['video/mp4', 'inline', 'video/mp4'],
    ['text/plain', 'inline', 'text/plain; charset=utf-8'],
    ['text/csv', 'inline', 'text/plain; charset=utf-8'],
    ['text/html', 'attachment', 'text/html'],
    ['image/svg+xml', 'attachment', 'image/svg+xml'],
    ['application/xml', 'attachment', 'application/xml'],
    ['text/xml', 'attachment', 'text/xml'],
    ['application/xhtml+xml', 'attachment', 'application/xhtml+xml'],
    ['text/javascript', 'attachment', 'text/javascript'],
    ['application/javascript', 'attachment', 'application/javascript'],
    ['application/zip', 'attachment', 'application/zip'],
    ['application/octet-stream', 'attachment', 'application/octet-stream'],
  ] as const)('previews %s as %s (%s)', (type, disposition, contentType) => {
    const p = presentation(type, 'inline')
    expect(p.disposition).toBe(disposition)
    expect(p.contentType).toBe(contentType)
    if (disposition === 'attachment') expect(p.contentSecurityPolicy).toMatch(/^sandbox/)
  })

  it('downloads everything as an attachment', () => {
    expect(presentation('image/png', 'attachment').disposition).toBe('attachment')
  })
})
