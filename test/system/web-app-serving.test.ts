import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'

// Serving the built web app: a fake build in a temp folder stands in for dist/web.
let t: TestApp
beforeAll(async () => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-web-'))
  fs.mkdirSync(path.join(webRoot, 'assets'))
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>')
  fs.writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg/>')
  fs.writeFileSync(path.join(os.tmpdir(), 'depot-outside.txt'), 'outside')
  t = await createTestApp({ webRoot })
})

describe('serving the web app', () => {
  it('serves index.html at / without caching', async () => {
    const res = await t.request('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain('<div id="root">')
  })

  it('falls back to index.html for client routes, with the security headers', async () => {
    const res = await t.request('/files/shared/deep/link')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<div id="root">')
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it('caches hashed assets as immutable', async () => {
    const res = await t.request('/assets/main-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/javascript')
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect(res.headers.get('content-length')).toBe('14')
    expect(await res.text()).toBe('console.log(1)')
  })

  it('answers 404 for a missing asset instead of the HTML shell', async () => {
    expect((await t.request('/assets/gone-000.js')).status).toBe(404)
    expect((await t.request('/missing.png')).status).toBe(404)
  })

  it('never serves files outside the web root', async () => {
    for (const probe of [
      '/../depot-outside.txt',
      '/%2e%2e/depot-outside.txt',
      '/assets/%2e%2e%2f%2e%2e%2fdepot-outside.txt',
    ]) {
      const res = await t.request(probe)
      expect(await res.text()).not.toBe('outside')
    }
  })

  it('keeps /api for the API: unknown API paths are problems, not the SPA', async () => {
    const res = await t.request('/api/nothing-here')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
  })
})

describe('API description', () => {
  it('serves an OpenAPI 3.1 document generated from the route table', async () => {
    const res = await t.request('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = await res.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.title).toBe('Depot API')
    for (const route of t.routes) {
      const p = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
      expect(doc.paths[p]?.[route.method], `${route.method} ${route.path}`).toBeDefined()
    }
    const ready = doc.paths['/readyz'].get.responses['200'].content['application/json'].schema
    expect(ready).toEqual({ $ref: '#/components/schemas/Readiness' })
    expect(doc.components.schemas.Readiness.properties.status.const).toBe('ready')
    const notReady = doc.paths['/readyz'].get.responses['503']
    expect(notReady.content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/NotReadyProblem',
    })
    expect(notReady.headers['Retry-After'].required).toBe(true)
    expect(doc.components.schemas.Problem.required).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'code']),
    )
    expect(doc.paths['/api/docs/assets/{file}'].get.parameters[0]).toMatchObject({
      name: 'file',
      in: 'path',
      required: true,
    })
  })

  it('serves a browsable reference from local files, with no CDN and no inline script', async () => {
    const page = await t.request('/api/docs')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js')
    expect(html).not.toMatch(/https?:\/\//)
    expect(html).not.toMatch(/<script>(?!<\/script>)/)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    const bundle = await t.request('/api/docs/assets/swagger-ui-bundle.js')
    expect(bundle.status).toBe(200)
    expect(Number(bundle.headers.get('content-length'))).toBeGreaterThan(100_000)
    expect((await t.request('/api/docs/assets/package.json')).status).toBe(404)
    expect((await t.request('/api/docs/assets/..%2F..%2Fpackage.json')).status).toBe(404)
  })
})
