import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { enqueueMail } from '../../src/server/features/mail'
import { startJobRunner } from '../../src/server/lib/jobs/job-runner'
import { createLogger } from '../../src/server/lib/logger'
import { uploadFile } from '../files-transfer/helpers'
import { openStream } from '../notifications/helpers'
import { insertFolder } from '../support/factories'
import { grant, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'

// GET /metrics: Prometheus text, behind METRICS_TOKEN, per app instance.

const TOKEN = 'metrics-token-for-the-suite-0123456789'

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** A strict reader of the Prometheus text format (0.0.4): every line must be a comment or a sample. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = []
  const types = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line === '') continue
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line)
    if (type) {
      types.set(type[1]!, type[2]!)
      continue
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/.exec(line)
    if (!sample) throw new Error(`not a Prometheus line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) })
  }
  return { samples, types }
}

async function scrape(t: TestApp) {
  const res = await t.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  const text = await res.text()
  return { text, ...parseExposition(text) }
}

const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN: a 404 problem, never the web app', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-web-'))
    try {
      fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Depot</title>')
      const t = await createTestApp({ webRoot })
      for (const headers of [{}, { Authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
        const res = await t.request('/metrics', { headers })
        expect(res.status).toBe(404)
        expect(res.headers.get('content-type')).toContain('application/problem+json')
        expect(await res.text()).not.toContain('<!doctype html>')
      }
    } finally {
      fs.rmSync(webRoot, { recursive: true, force: true })
    }
  })

  it('asks for the bearer token: 401 without it or with a wrong one', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } })
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.request('/metrics', {
        headers: authorization ? { Authorization: authorization } : {},
      })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(await res.text()).not.toContain('depot_http_requests_total')
    }
    // A signed-in admin without the token is no scraper.
    const admin = await signedIn(t, { name: 'Ada Tester', role: 'admin' })
    expect((await admin.client.request('/metrics')).status).toBe(401)
  })

  it('counts requests by route template and status, never by raw path', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } })
    const id = '0193a3f0-1c2d-7e4f-8a9b-0c1d2e3f4a5b'
    for (let i = 0; i < 3; i++) await t.request('/healthz')
    await t.request(`/api/files/${id}/download`)
    const token = 'eyJvIjoieCJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
    await t.request(`/api/shop/downloads/${token}`)
    await t.request('/no/such/page')

    const { text, samples, types } = await scrape(t)
    expect(
      value(samples, 'depot_http_requests_total', { method: 'GET', route: '/healthz', status: '200' }),
    ).toBe(3)
    expect(
      value(samples, 'depot_http_requests_total', {
        method: 'GET',
        route: '/api/files/:id/download',
        status: '401',
      }),
    ).toBe(1)
    expect(value(samples, 'depot_http_requests_total', { route: '/api/shop/downloads/:token' })).toBe(1)
    expect(value(samples, 'depot_http_requests_total', { route: '(unmatched)', status: '404' })).toBe(1)
    expect(text).not.toContain(id)
    expect(text).not.toContain(token)
    expect(text).not.toContain('/no/such/page')
    expect(types.get('depot_http_requests_total')).toBe('counter')
    expect(types.get('depot_http_request_duration_seconds')).toBe('histogram')
    expect(
      value(samples, 'depot_http_request_duration_seconds_count', { method: 'GET', route: '/healthz' }),
    ).toBe(3)
    expect(
      value(samples, 'depot_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/healthz',
        le: '+Inf',
      }),
    ).toBe(3)
  })

  it('counts job runs and failures, and reads streams, outbox depth and the pool when scraped', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } })
    const runner = startJobRunner({
      jobs: [
        { name: 'tidy', everyMs: 3_600_000, run: async () => ({ deleted: 1 }) },
        {
          name: 'broken',
          everyMs: 3_600_000,
          run: async () => {
            throw new Error('nope')
          },
        },
      ],
      logger: createLogger({ level: 'silent', destination: new Writable({ write: (_c, _e, cb) => cb() }) }),
      startDelayMs: 3_600_000,
      observe: (turn) => t.deps.metrics.observeJob(turn),
    })
    try {
      const before = (await scrape(t)).samples
      expect(value(before, 'depot_job_runs_total', { job: 'tidy' })).toBeUndefined()
      await runner.runNow('tidy')
      await runner.runNow('tidy')
      await runner.runNow('broken')
    } finally {
      await runner.stop()
    }
    await enqueueMail(
      t.database.db,
      { to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', template: 'test' },
      t.clock.now,
    )
    const reader = await signedIn(t, { name: 'Rita Tester' })
    const stream = await openStream(reader)
    try {
      const { samples } = await scrape(t)
      expect(value(samples, 'depot_job_runs_total', { job: 'tidy', outcome: 'done' })).toBe(2)
      expect(value(samples, 'depot_job_runs_total', { job: 'broken', outcome: 'failed' })).toBe(1)
      expect(value(samples, 'depot_job_duration_seconds_count', { job: 'tidy' })).toBe(2)
      expect(value(samples, 'depot_notification_streams_open', {})).toBe(1)
      expect(value(samples, 'depot_mail_outbox_depth', { status: 'pending' })).toBe(1)
      expect(value(samples, 'depot_mail_outbox_depth', { status: 'sending' })).toBe(0)
      const pool = value(samples, 'depot_db_pool_connections', { state: 'total' })
      if (t.database.dialect === 'postgres') expect(pool).toBeGreaterThanOrEqual(1)
      else expect(pool).toBeUndefined()
    } finally {
      await stream.close()
    }
  })

  it('counts the bytes resumable uploads accepted', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } })
    const editor = await signedIn(t, { name: 'Edna Tester' })
    const folder = await insertFolder(t.database.db, { folder_name: 'Uploads', type: 'locked' })
    await grant(t, folder.id, editor.id, 'editor')
    await uploadFile(editor, folder.id, 'a.bin', new Uint8Array(300_000).fill(1), 100_000)
    await uploadFile(editor, folder.id, 'b.bin', new Uint8Array(1234).fill(2))
    const { samples } = await scrape(t)
    expect(value(samples, 'depot_upload_bytes_total', {})).toBe(301_234)
  })

  it('keeps each app instance on its own registry', async () => {
    const a = await createTestApp({ env: { METRICS_TOKEN: TOKEN } })
    const b = await createTestApp({ env: { METRICS_TOKEN: TOKEN } })
    await a.request('/healthz')
    await a.request('/healthz')
    await b.request('/healthz')
    expect(value((await scrape(a)).samples, 'depot_http_requests_total', { route: '/healthz' })).toBe(2)
    expect(value((await scrape(b)).samples, 'depot_http_requests_total', { route: '/healthz' })).toBe(1)
  })
})
