import { expect } from 'vitest'
import type { Person } from '../support/people'
import type { TestApp } from '../support/test-app'

// WebDAV requests against the in-process app, with a personal access token as the Basic password.

export async function makeToken(
  person: Person,
  scope: 'read-write' | 'read-only' = 'read-write',
): Promise<string> {
  const res = await person.client.json('/api/me/access-tokens', 'POST', {
    name: `dav ${scope}`,
    scope,
    expiresInDays: 30,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { token: string }).token
}

export const basic = (password: string, user = 'anyone') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

/** The href of a DAV path, encoded per segment as a client sends it. */
export const davUrl = (path: string) =>
  `/dav/${path.split('/').filter(Boolean).map(encodeURIComponent).join('/')}${path.endsWith('/') ? '/' : ''}`

export function dav(t: TestApp, token: string) {
  return async (
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: BodyInit } = {},
  ): Promise<Response> =>
    t.app.request(davUrl(path), {
      method,
      headers: {
        Authorization: basic(token),
        // A real client sends the length; app.request() does not add it for a string body.
        ...(typeof init.body === 'string' || init.body instanceof Uint8Array
          ? { 'Content-Length': String(Buffer.byteLength(init.body)) }
          : {}),
        ...init.headers,
      },
      body: init.body,
    })
}

export const PROPFIND_NAMES = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:displayname/><D:resourcetype/><D:getcontentlength/></D:prop></D:propfind>`

/** The decoded hrefs of a multistatus answer. */
export function hrefs(xml: string): string[] {
  return [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => decodeURIComponent(m[1]!))
}

export const LOCKINFO = `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>tester</D:owner></D:lockinfo>`
