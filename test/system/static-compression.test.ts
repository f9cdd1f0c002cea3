import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../scripts/precompress'
import { createTestApp, type TestApp } from '../support/test-app'

// The built web app's text files are compressed once at build time (scripts/precompress.ts) and sent
// as they are to clients that accept them.
let t: TestApp
let webRoot: string
const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))}\n`
const page = `<!doctype html><html><head><title>Depot</title></head><body>${'<p>shop</p>'.repeat(300)}<div id="root"></div></body></html>`

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-web-gz-'))
  fs.mkdirSync(path.join(webRoot, 'assets'))
  fs.writeFileSync(path.join(webRoot, 'index.html'), page)
  fs.writeFileSync(path.join(webRoot, 'assets', 'shop-abc123.js'), script)
  fs.writeFileSync(path.join(webRoot, 'assets', 'tiny-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(webRoot, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7))
  await precompressDir(webRoot)
  t = await createTestApp({ webRoot })
})

async function get(url: string, acceptEncoding?: string) {
  const res = await t.request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} })
  return { res, body: Buffer.from(await res.arrayBuffer()) }
}

describe('precompressed static files', () => {
  it('the build writes brotli and gzip copies of text files only, and only where it pays', () => {
    const files = fs.readdirSync(path.join(webRoot, 'assets')).sort()
    expect(files).toEqual([
      'logo-abc123.png',
      'shop-abc123.js',
      'shop-abc123.js.br',
      'shop-abc123.js.gz',
      'tiny-abc123.js',
    ])
  })

  it('sends brotli when accepted, immutable for a hashed asset, and it decodes to the file', async () => {
    const { res, body } = await get('/assets/shop-abc123.js', 'gzip, deflate, br')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toContain('text/javascript')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    expect(body.length).toBeLessThan(script.length / 5)
    expect(zlib.brotliDecompressSync(body).toString()).toBe(script)
  })

  it('sends gzip to a client without brotli, or that refuses it with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.5']) {
      const { res, body } = await get('/assets/shop-abc123.js', accept)
      expect(res.headers.get('content-encoding')).toBe('gzip')
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(zlib.gunzipSync(body).toString()).toBe(script)
    }
  })

  it('sends the file itself to a client that accepts neither, still saying it varies', async () => {
    const { res, body } = await get('/assets/shop-abc123.js')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(body.toString()).toBe(script)
  })

  it('compresses the app shell for client routes, which is never cached', async () => {
    const { res, body } = await get('/shop/some-product', 'br')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page)
  })

  it('answers HEAD with the compressed length and no body', async () => {
    const { res, body } = await get('/assets/shop-abc123.js', 'br')
    const head = await t.request('/assets/shop-abc123.js', {
      method: 'HEAD',
      headers: { 'Accept-Encoding': 'br' },
    })
    expect(head.headers.get('content-length')).toBe(String(body.length))
    expect(head.headers.get('content-encoding')).toBe('br')
    expect(res.status).toBe(200)
  })

  it('leaves small and binary files alone', async () => {
    for (const url of ['/assets/tiny-abc123.js', '/assets/logo-abc123.png']) {
      const { res } = await get(url, 'br, gzip')
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(res.headers.get('vary')).toBeNull()
    }
  })
})
