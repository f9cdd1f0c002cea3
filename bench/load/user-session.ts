import type { HttpClient } from './http-client'
import { expectStatus } from './http-client'
import { PASSWORD, type Person } from './seed-load'

// How a user's requests say who they are, as the product allows on every route the load uses: a
// personal access token as `Authorization: Bearer`, or a real session made by signing in with the
// password through Auth.js's credentials callback, whose cookie goes with every request and whose
// state-changing requests carry the site's Origin, as a browser's do.

export interface Credentials {
  /** Headers for a read. */
  read: Record<string, string>
  /** Headers for a state-changing request. */
  write: Record<string, string>
  via: 'token' | 'session'
}

function cookiesOf(setCookie: string[] | undefined, jar: Map<string, string>): void {
  for (const line of setCookie ?? []) {
    const pair = line.split(';')[0]!
    const at = pair.indexOf('=')
    jar.set(pair.slice(0, at), pair.slice(at + 1))
  }
}

export async function credentialsOf(client: HttpClient, person: Person): Promise<Credentials> {
  const accept = { Accept: 'application/json' }
  if (person.token) {
    const read = { ...accept, Authorization: `Bearer ${person.token}` }
    return { read, write: read, via: 'token' }
  }
  const origin = client.server.origin
  const jar = new Map<string, string>()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const csrf = expectStatus(await client.send('GET', '/api/auth/csrf', accept), 200, 'GET /api/auth/csrf')
  cookiesOf(csrf.headers['set-cookie'], jar)
  const { csrfToken } = JSON.parse(csrf.body.toString()) as { csrfToken: string }
  const signedIn = await client.send(
    'POST',
    '/api/auth/callback/credentials',
    { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie(), Origin: origin },
    Buffer.from(new URLSearchParams({ csrfToken, email: person.email, password: PASSWORD }).toString()),
  )
  if (signedIn.status !== 302 && signedIn.status !== 200)
    throw new Error(`sign-in of ${person.email} → ${signedIn.status}`)
  cookiesOf(signedIn.headers['set-cookie'], jar)
  const read = { ...accept, Cookie: cookie() }
  const me = await client.send('GET', '/api/me', read)
  if (me.status !== 200)
    throw new Error(`sign-in of ${person.email} made no session (GET /api/me → ${me.status})`)
  return { read, write: { ...read, Origin: origin }, via: 'session' }
}
