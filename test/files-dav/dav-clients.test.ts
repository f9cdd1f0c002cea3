import { beforeAll, describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { dav, makeToken } from './helpers'

// What real WebDAV clients read besides files: free space, the root's OPTIONS, real dates on the
// top-level collections, a short strong ETag, and a clear answer where files cannot go.

let t: TestApp
let me: ReturnType<typeof dav>

beforeAll(async () => {
  t = await createTestApp({ env: { USER_QUOTA_BYTES: '1000000' } })
  const person = await signedIn(t, { name: 'Cli Ent' })
  me = dav(t, await makeToken(person))
  expect((await me('MKCOL', 'My folders/Docs')).status).toBe(201)
  expect((await me('PUT', 'My folders/Docs/a.txt', { body: 'x'.repeat(1000) })).status).toBe(201)
})

const QUOTA = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:quota-available-bytes/><D:quota-used-bytes/></D:prop></D:propfind>`

describe('/dav/ for real clients', () => {
  it('collections answer quota-used-bytes and quota-available-bytes', async () => {
    const res = await me('PROPFIND', 'My folders/Docs', { headers: { Depth: '0' }, body: QUOTA })
    expect(res.status).toBe(207)
    const xml = await res.text()
    expect(xml).toContain('<D:quota-used-bytes>1000</D:quota-used-bytes>')
    expect(xml).toContain('<D:quota-available-bytes>999000</D:quota-available-bytes>')
  })

  it('OPTIONS at the server root answers the DAV headers', async () => {
    const res = await t.app.request('/', { method: 'OPTIONS' })
    expect(res.status).toBe(200)
    expect(res.headers.get('dav')).toBe('1, 2')
    expect(res.headers.get('allow')).toContain('PROPFIND')
  })

  it('the root and the three sections carry a real date, not 1 January 1970', async () => {
    const res = await me('PROPFIND', '/', { headers: { Depth: '1' } })
    const dates = [...(await res.text()).matchAll(/<D:getlastmodified>([^<]*)</g)].map((m) => m[1]!)
    expect(dates.length).toBeGreaterThanOrEqual(4)
    for (const d of dates) expect(new Date(d).getUTCFullYear()).toBeGreaterThan(2000)
  })

  it('a PUT straight into My folders is 403 saying where files can go', async () => {
    const res = await me('PUT', 'My folders/loose.txt', { body: 'loose' })
    expect(res.status).toBe(403)
    expect((await res.json()).detail).toMatch(/inside one of its folders/)
  })

  it('the ETag is the content hash in base64url, short enough for a lock token and two ETags in 200 bytes', async () => {
    const res = await me('HEAD', 'My folders/Docs/a.txt')
    const etag = res.headers.get('etag')!
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/)
    const propfind = await me('PROPFIND', 'My folders/Docs/a.txt', { headers: { Depth: '0' } })
    expect(await propfind.text()).toContain(`<D:getetag>${etag.replaceAll('"', '&quot;')}</D:getetag>`)
  })
})
