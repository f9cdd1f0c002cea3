import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import SwaggerParser from '@apidevtools/swagger-parser'
import { beforeAll, describe, expect, it } from 'vitest'
import { sessionCookieName } from '../../src/server/features/accounts/sign-in/auth-config'
import { buildOpenApiDocument } from '../../src/server/lib/http/openapi'
import { buildRouteTable } from '../../src/server/routes'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'

// The OpenAPI document, generated from the route table as a production Depot serves it, linted with
// Redocly CLI's recommended rules (redocly.yaml) and validated by swagger-parser; then the promises
// those tools do not check. Real answers are checked against the same declarations by the test app
// (test/support/response-conformance.ts) in every test.

type Operation = {
  security?: unknown[]
  parameters?: { name: string; in: string }[]
  responses: Record<
    string,
    { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }
  >
}
type Document = ReturnType<typeof buildOpenApiDocument>

const document = buildOpenApiDocument(
  buildRouteTable(),
  { title: 'Depot API', version: '0.0.0-test' },
  { url: 'https://depot.example.org', sessionCookieName: sessionCookieName(true) },
)

function operations(doc: Document): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${p}`, op as Operation] as const),
  ) as [string, Operation][]
}

/** Answers documented with a Problem that has extension members of its own (RFC 9457 §3.2). */
const EXTENDED_PROBLEMS: Record<string, string> = { 'GET /readyz 503': 'NotReadyProblem' }
/** Probes with no input and no credentials: no client error can happen (redocly.yaml says the same). */
const NO_CLIENT_ERRORS = new Set(['GET /healthz', 'GET /readyz'])

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no errors and no warnings', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-openapi-'))
    const file = path.join(dir, 'openapi.json')
    fs.writeFileSync(file, JSON.stringify(document))
    const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js')
    let stdout: string
    try {
      ;({ stdout } = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'json'],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ))
    } catch (error) {
      // Redocly exits non-zero when it finds errors; its report is still on stdout.
      stdout = (error as { stdout?: string }).stdout ?? ''
      if (!stdout) throw error
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number }
      problems: { ruleId: string; message: string; location: { pointer?: string }[] }[]
    }
    const found = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`)
    expect(found).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  }, 120_000)

  it('is valid for swagger-parser', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy()
  })

  it('names its server, its licence and both credentials', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://depot.example.org' })])
    expect(document.info.license).toMatchObject({ name: expect.stringContaining('Proprietary') })
    expect(Object.keys(document.components.securitySchemes)).toEqual(
      expect.arrayContaining(['bearerAuth', 'sessionCookie']),
    )
  })

  it('says who may call each operation, and none is public by omission', () => {
    const routes = new Map(
      buildRouteTable().map((r) => [`${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`, r]),
    )
    for (const [name, op] of operations(document)) {
      const route = routes.get(name)!
      expect(op.security, name).toBeDefined()
      if (route.access === 'public') expect(op.security, name).toEqual([])
      else expect(op.security?.length, name).toBeGreaterThan(0)
    }
  })

  it('gives every operation a client error, every error the Problem and every body a schema', () => {
    const gaps: string[] = []
    for (const [name, op] of operations(document)) {
      const statuses = Object.keys(op.responses)
      if (!NO_CLIENT_ERRORS.has(name) && !statuses.some((s) => s.startsWith('4')))
        gaps.push(`${name}: no 4xx`)
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (!media.schema) gaps.push(`${name} ${status} ${type}: no schema`)
        const isError = status === 'default' || Number(status) >= 400
        if (isError) {
          const problem = response.content?.['application/problem+json']?.schema
          const schemaName = EXTENDED_PROBLEMS[`${name} ${status}`] ?? 'Problem'
          if (!problem || Object.keys(response.content ?? {}).length !== 1)
            gaps.push(`${name} ${status}: not application/problem+json`)
          else expect(problem, `${name} ${status}`).toEqual({ $ref: `#/components/schemas/${schemaName}` })
        }
        if ((Number(status) === 429 || Number(status) === 503) && !response.headers?.['Retry-After'])
          gaps.push(`${name} ${status}: no Retry-After`)
      }
    }
    expect(gaps).toEqual([])
  })

  it('documents the protocol headers clients act on', () => {
    const op = (name: string) => operations(document).find(([n]) => n === name)![1]
    const requestHeaders = (name: string) =>
      (op(name).parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name)
    const responseHeaders = (name: string, status: string) =>
      Object.keys(op(name).responses[status]?.headers ?? {})

    expect(responseHeaders('OPTIONS /api/uploads', '204')).toEqual(
      expect.arrayContaining(['Tus-Resumable', 'Tus-Version', 'Tus-Extension', 'Tus-Max-Size']),
    )
    expect(requestHeaders('POST /api/uploads')).toEqual(
      expect.arrayContaining(['Tus-Resumable', 'Upload-Length', 'Upload-Metadata']),
    )
    expect(responseHeaders('POST /api/uploads', '201')).toEqual(
      expect.arrayContaining(['Tus-Resumable', 'Location', 'Upload-Offset']),
    )
    expect(requestHeaders('PATCH /api/uploads/{id}')).toEqual(expect.arrayContaining(['Upload-Offset']))
    expect(responseHeaders('GET /api/uploads/{id}', '200')).toEqual(
      expect.arrayContaining(['Upload-Offset', 'Upload-Length']),
    )
    expect(responseHeaders('PATCH /api/uploads/{id}', '401')).toContain('Tus-Resumable')
    expect(requestHeaders('GET /api/files/{id}/download')).toEqual(
      expect.arrayContaining(['Range', 'If-None-Match']),
    )
    expect(responseHeaders('GET /api/files/{id}/download', '206')).toEqual(
      expect.arrayContaining(['ETag', 'Content-Range', 'Accept-Ranges']),
    )
    expect(responseHeaders('GET /api/notifications', '200')).toContain('ETag')
    expect(responseHeaders('POST /api/auth/callback/{provider}', '302')).toContain('Location')
    expect(responseHeaders('POST /api/auth/callback/{provider}', '429')).toContain('Retry-After')
    expect(requestHeaders('POST /api/payments/paystack/webhook')).toContain('x-paystack-signature')
  })
})

describe('the served document', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })

  it('names the server it is served from (AUTH_URL)', async () => {
    const res = await t.request('/api/openapi.json')
    expect(res.status).toBe(200)
    const served = (await res.json()) as Document
    expect(served.servers).toEqual([expect.objectContaining({ url: TEST_ORIGIN })])
  })
})
