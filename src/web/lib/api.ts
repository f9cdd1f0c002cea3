import type { z } from 'zod'
import type { Problem } from '../../shared/contract/problem'
import { PROBLEM_CONTENT_TYPE } from '../../shared/contract/problem-content-type'
import { ApiError, type ApiErrorInit } from './api-error'

// The typed API client, and the one place where an error response becomes an ApiError
// (docs/decisions/0010). The error class and its helpers live in api-error.ts, which does not pull in
// zod, so code that only inspects errors (the shell's error page) stays light. This module imports no
// zod either: it parses with the schema a call passes, and reads problems with a plain shape check,
// so the shop's first load carries no zod (decision 0096).

export { ApiError, type ApiErrorCode, errorMessage, fieldError, isApiError } from './api-error'

type QueryValue = string | number | boolean | null | undefined
/** Query parameters; null and undefined are left out, arrays repeat the key. */
export type Query = Record<string, QueryValue | readonly QueryValue[]>

export interface RequestOptions<T> {
  query?: Query
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Validates the response body and types the result by it. */
  schema?: z.ZodType<T>
  /**
   * The schema, loaded when used, for calls on the shop's first load: development builds and tests
   * load it and parse; production trusts the server (its answers are checked against the same schema
   * by the server's tests), so those pages carry neither the contract nor zod (decision 0096).
   */
  devSchema?: () => Promise<z.ZodType<T>>
}

export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>
  delete<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>
}

export interface ApiClientOptions {
  /** Origin to prefix paths with. Empty in the browser (same origin); tests pass a loopback server. */
  baseUrl?: string
  /** Sends the request: the browser's fetch, or the server's own app when it renders a page. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

type Send = NonNullable<ApiClientOptions['fetch']>

// Answers that did not come from our API (a proxy's HTML page, a crashed server) still deserve a
// message that says what to do. The few a proxy really produces get their own; the rest are generic.
const NON_PROBLEM: Record<number, Pick<ApiErrorInit, 'code' | 'title' | 'detail'>> = {
  413: {
    code: 'payload_too_large',
    title: 'Too large to send',
    detail: 'What you sent is larger than the server accepts.',
  },
  429: {
    code: 'rate_limited',
    title: 'Too many requests',
    detail: 'Please wait a moment, then try again.',
  },
  502: {
    code: 'service_unavailable',
    title: 'The site is unavailable',
    detail: 'The server cannot be reached right now. Please try again in a minute.',
  },
  503: {
    code: 'service_unavailable',
    title: 'The site is unavailable',
    detail: 'The server is busy or being updated. Please try again in a minute.',
  },
  504: {
    code: 'service_unavailable',
    title: 'The site is unavailable',
    detail: 'The server took too long to answer. Please try again in a minute.',
  },
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? ''
  const transport: Send = options.fetch ?? ((url, init) => fetch(url, init))
  const send =
    (method: string) =>
    <T>(path: string, body?: unknown, requestOptions: RequestOptions<T> = {}) =>
      request<T>(transport, baseUrl, method, path, body, requestOptions)
  return {
    get: <T>(path: string, requestOptions?: RequestOptions<T>) =>
      request<T>(transport, baseUrl, 'GET', path, undefined, requestOptions ?? {}),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    delete: send('DELETE'),
  }
}

/** The app's client: same-origin paths such as `/api/products`. */
export const api: ApiClient = createApiClient()

async function request<T>(
  transport: Send,
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions<T>,
): Promise<T> {
  // Only our own paths: an absolute or protocol-relative URL here would be a bug, not a feature.
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new TypeError(`API paths start with a single "/": got "${path}"`)
  }
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' }
  const init: RequestInit = { method, headers, credentials: 'same-origin' }
  if (options.signal) init.signal = options.signal
  if (method !== 'GET' && method !== 'HEAD') {
    if (typeof FormData !== 'undefined' && body instanceof FormData) {
      // A form with files (multipart/form-data): the browser writes the type with its boundary.
      init.body = body
    } else if (body instanceof Blob) {
      // A file sent as the raw body (an avatar, say): its own type; the route checks it.
      headers['Content-Type'] = body.type || 'application/octet-stream'
      init.body = body
    } else {
      // The server refuses state-changing requests without a JSON content type (its CSRF defence,
      // docs/decisions/0011), even when there is no body.
      headers['Content-Type'] = 'application/json'
      if (body !== undefined) init.body = JSON.stringify(body)
    }
  }

  let response: Response
  try {
    response = await transport(buildUrl(baseUrl, path, options.query), init)
  } catch (error) {
    // A cancelled request (a query superseded or a component gone) is not a failure to report.
    if (options.signal?.aborted) throw error
    throw new ApiError({
      status: 0,
      code: 'network_error',
      title: 'Could not reach the site',
      detail: 'Check your internet connection, then try again.',
    })
  }

  if (!response.ok) throw await problemFrom(response, options.signal)
  return readBody(response, options)
}

function buildUrl(baseUrl: string, path: string, query: Query | undefined): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue]
    for (const item of values) if (item !== undefined && item !== null) params.append(key, String(item))
  }
  const search = params.toString()
  if (search === '') return `${baseUrl}${path}`
  return `${baseUrl}${path}${path.includes('?') ? '&' : '?'}${search}`
}

async function readText(response: Response, signal: AbortSignal | undefined): Promise<string | undefined> {
  try {
    return await response.text()
  } catch (error) {
    if (signal?.aborted) throw error
    return undefined
  }
}

async function readBody<T>(response: Response, options: RequestOptions<T>): Promise<T> {
  const requestId = response.headers.get('x-request-id') ?? undefined
  const text = await readText(response, options.signal)
  if (text === undefined) {
    throw new ApiError({
      status: response.status,
      code: 'network_error',
      title: 'The connection was interrupted',
      detail: 'The answer from the server was cut off. Please try again.',
      requestId,
    })
  }
  if (response.status === 204 || text === '') return undefined as T

  const unreadable = new ApiError({
    status: response.status,
    code: 'internal_error',
    title: 'Unexpected answer from the server',
    detail: 'The server sent something this page cannot read. Please reload and try again.',
    requestId,
  })
  if (!isJson(response.headers.get('content-type'))) throw unreadable
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw unreadable
  }
  const schema = options.schema ?? (import.meta.env.DEV ? await options.devSchema?.() : undefined)
  if (!schema) return data as T
  const parsed = schema.safeParse(data)
  if (!parsed.success) {
    // A contract mismatch between this build of the app and the server: say so in the console for
    // whoever investigates, and give the user something actionable.
    console.error('API response did not match its schema', response.url, parsed.error.issues)
    throw unreadable
  }
  return parsed.data
}

async function problemFrom(response: Response, signal: AbortSignal | undefined): Promise<ApiError> {
  const headerRequestId = response.headers.get('x-request-id') ?? undefined
  const contentType = response.headers.get('content-type') ?? ''
  const text = await readText(response, signal)

  if (text !== undefined && contentType.toLowerCase().includes(PROBLEM_CONTENT_TYPE)) {
    try {
      const problem = asProblem(JSON.parse(text))
      if (problem) {
        return new ApiError({
          status: response.status,
          code: problem.code,
          title: problem.title,
          detail: problem.detail,
          fieldErrors: problem.errors,
          requestId: problem.requestId ?? headerRequestId,
        })
      }
    } catch {
      // Not JSON after all: fall through to the generic error below.
    }
  }

  const known = NON_PROBLEM[response.status]
  return new ApiError({
    status: response.status,
    code: known?.code ?? 'internal_error',
    title: known?.title ?? 'Something went wrong on our side',
    detail:
      known?.detail ??
      `The server answered with an unexpected error (HTTP ${response.status}). Please try again in a moment.`,
    requestId: headerRequestId,
  })
}

/**
 * The problem shape of src/shared/contract/problem.ts, checked by hand: every page needs it, and the
 * schema would bring zod into the first load. Anything else is not one of our problems.
 */
function asProblem(value: unknown): Problem | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const v = value as Record<string, unknown>
  const optionalString = (x: unknown) => x === undefined || typeof x === 'string'
  if (typeof v.type !== 'string' || typeof v.title !== 'string' || typeof v.code !== 'string')
    return undefined
  if (typeof v.status !== 'number' || !Number.isInteger(v.status)) return undefined
  if (!optionalString(v.detail) || !optionalString(v.requestId)) return undefined
  if (v.errors !== undefined && !isFieldErrors(v.errors)) return undefined
  return v as Problem
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'))
}

function isJson(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || type.endsWith('+json')
}
