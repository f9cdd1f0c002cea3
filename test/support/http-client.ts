import type { Hono } from 'hono'
import type { AppEnv } from '../../src/server/deps'
import { TEST_ORIGIN } from './test-app'

/**
 * A plain HTTP client with a cookie jar over app.request(), the way curl with -c/-b talks to the
 * server: no browser, no helpers of ours in between.
 */
export class CookieClient {
  readonly jar = new Map<string, string>()
  constructor(private readonly app: Hono<AppEnv>) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers }
    if (this.jar.size > 0) headers.Cookie = this.cookieHeader()
    const res = await this.app.request(path, { method: init.method ?? 'GET', headers, body: init.body })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const index = pair!.indexOf('=')
      const name = pair!.slice(0, index).trim()
      const value = pair!.slice(index + 1).trim()
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a))
      if (expired || value === '') this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return res
  }

  /** A form-encoded POST, as an HTML form (or curl -d) sends it. */
  postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })
  }

  /** A same-origin JSON request, as our web app sends it. */
  json(path: string, method = 'GET', body?: unknown) {
    return this.request(path, {
      method,
      headers:
        method === 'GET'
          ? { Accept: 'application/json' }
          : { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  async csrfToken(): Promise<string> {
    const res = await this.request('/api/auth/csrf')
    return ((await res.json()) as { csrfToken: string }).csrfToken
  }

  async signIn(email: string, password: string) {
    const csrfToken = await this.csrfToken()
    return this.postForm('/api/auth/callback/credentials', { csrfToken, email, password, callbackUrl: '/' })
  }
}
