import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
// @ts-expect-error -- oidc-provider ships no type definitions and @types/oidc-provider is not installed;
// the few members used here are typed by hand below.
import ProviderModule from 'oidc-provider'

// A real OpenID provider (panva/oidc-provider) on 127.0.0.1 with a free port, for the external sign-in
// tests: one confidential client for our callback, PKCE required, and an account store the tests fill.
// Its login page is ours (a tiny HTML form at /interaction/:uid): a test drives it with plain HTTP
// (login()), and a browser could drive the very same form.

export const OIDC_CLIENT_ID = 'depot-test'
export const OIDC_CALLBACK_URL = 'http://localhost:3000/api/auth/callback/oidc'

/** What the provider knows about a person: the claims our profile() maps. */
export interface OidcAccount {
  sub: string
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
  name?: string
  picture?: string
}

export interface StartOptions {
  /**
   * 'conform' (oidc-provider's default, the spec's rule for the code flow): the ID token carries
   * only `sub` and protocol claims, the profile claims are served by the userinfo endpoint.
   * 'full': the scope's claims are in the ID token too, as Google's is.
   */
  idTokenClaims?: 'conform' | 'full'
  /** Where the client may be sent back to: our app's callback (OIDC_CALLBACK_URL by default). */
  callbackUrl?: string
  /** People the provider knows from the start (more with setAccount). */
  accounts?: OidcAccount[]
}

export interface TestOidcProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** The app env that configures our generic OIDC provider against this one. */
  env(name?: string): Record<string, string>
  /** The programmable account store: set or replace a person's claims. */
  setAccount(account: OidcAccount): void
  /**
   * Plays the browser at the provider: opens the authorization URL our app redirected to (with a
   * fresh provider-side cookie jar), submits the login form as `sub` (or cancels), and follows the
   * provider's redirects until one leaves the provider. Returns that URL (our callback).
   */
  login(authorizationUrl: string, sub: string, options?: { cancel?: boolean }): Promise<URL>
  close(): Promise<void>
}

// ---- the small part of oidc-provider's API used here, typed by hand ----

interface InteractionDetails {
  uid: string
  prompt: { name: string }
  params: Record<string, unknown>
}
interface Grant {
  addOIDCScope(scope: string): void
  save(): Promise<string>
}
interface OidcProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>
  Grant: new (init: { accountId: string; clientId: string }) => Grant
}
const Provider = ProviderModule as new (
  issuer: string,
  config: Record<string, unknown>,
) => OidcProviderInstance

// ---------------------------------------------------------------------------------------------

export async function startOidcProvider(options: StartOptions = {}): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcAccount>()
  for (const account of options.accounts ?? []) accounts.set(account.sub, { ...account })
  const clientSecret = randomBytes(24).toString('hex')

  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503
    res.end()
  }
  const server: Server = createServer((req, res) => handler(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [options.callbackUrl ?? OIDC_CALLBACK_URL],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    conformIdTokenClaims: (options.idTokenClaims ?? 'conform') === 'conform',
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub)
      if (!account) return undefined
      return {
        accountId: sub,
        async claims() {
          return { ...account }
        },
      }
    },
  })
  const providerHandler = provider.callback()

  handler = (req, res) => {
    const url = new URL(req.url ?? '/', issuer)
    if (url.pathname.startsWith('/interaction/')) {
      interaction(req, res, url).catch((error: unknown) => {
        res.statusCode = 400
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
        res.end(`interaction failed: ${(error as Error).message}`)
      })
      return
    }
    providerHandler(req, res)
  }

  /** The provider's login page: GET shows the form, POST …/login signs in as `sub`, …/cancel refuses. */
  async function interaction(req: IncomingMessage, res: ServerResponse, url: URL) {
    const [, , uid, action] = url.pathname.split('/')
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) throw new Error('interaction mismatch')
    if (req.method === 'GET' && action === undefined) {
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.end(loginPage(details.uid, [...accounts.keys()]))
      return
    }
    if (req.method !== 'POST') throw new Error('method not allowed')
    if (action === 'cancel') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    if (action !== 'login') throw new Error('unknown action')
    const form = new URLSearchParams(await readBody(req))
    const sub = form.get('sub') ?? ''
    if (!accounts.has(sub)) throw new Error('unknown account')
    // A first-party client: consent is given along with the login, for exactly what was asked.
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope ?? 'openid'))
    const grantId = await grant.save()
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  return {
    issuer,
    clientId: OIDC_CLIENT_ID,
    clientSecret,
    env: (name = 'Acme SSO') => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_NAME: name,
    }),
    setAccount(account) {
      accounts.set(account.sub, { ...account })
    },
    async login(authorizationUrl, sub, { cancel = false } = {}) {
      const browser = new ProviderBrowser(issuer)
      let response = await browser.follow(authorizationUrl)
      const interactionUrl = response.url
      if (!interactionUrl.pathname.startsWith('/interaction/')) {
        throw new Error(`expected the provider's login page, got ${response.status} at ${interactionUrl}`)
      }
      const page = await response.text()
      const action = cancel ? `${interactionUrl.pathname}/cancel` : /action="([^"]+\/login)"/.exec(page)?.[1]
      if (!action) throw new Error('no login form on the provider page')
      response = await browser.follow(new URL(action, issuer).href, {
        method: 'POST',
        body: new URLSearchParams(cancel ? {} : { sub }),
      })
      if (response.url.origin === new URL(issuer).origin) {
        throw new Error(`the provider did not redirect back: ${response.status} ${await response.text()}`)
      }
      return response.url
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/**
 * A browser's view of the provider: a cookie jar for the provider's origin and manual redirects,
 * stopping at the first response that is not a redirect or at a redirect that leaves the provider.
 */
class ProviderBrowser {
  private readonly jar = new Map<string, string>()
  constructor(private readonly issuer: string) {}

  async follow(
    start: string,
    init: { method?: string; body?: URLSearchParams } = {},
  ): Promise<{ url: URL; status: number; text(): Promise<string> }> {
    let url = new URL(start)
    let method = init.method ?? 'GET'
    let body: URLSearchParams | undefined = init.body
    for (let hop = 0; hop < 10; hop++) {
      const headers: Record<string, string> = {}
      if (this.jar.size > 0) headers.Cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
      if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded'
      const res = await fetch(url, { method, headers, body, redirect: 'manual' })
      for (const line of res.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';')
        const index = pair.indexOf('=')
        const name = pair.slice(0, index).trim()
        const value = pair.slice(index + 1).trim()
        const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a))
        if (expired || value === '') this.jar.delete(name)
        else this.jar.set(name, value)
      }
      const location = res.headers.get('location')
      if (res.status < 300 || res.status >= 400 || !location) {
        return { url, status: res.status, text: () => res.text() }
      }
      await res.arrayBuffer()
      const next = new URL(location, url)
      if (next.origin !== new URL(this.issuer).origin) {
        return { url: next, status: res.status, text: async () => '' }
      }
      url = next
      method = 'GET'
      body = undefined
    }
    throw new Error('too many redirects at the provider')
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > 16 * 1024) reject(new Error('body too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * The provider's sign-in page: a plain form, no script, usable by a test or a real browser. The empty
 * icon keeps a browser from asking for /favicon.ico, a 404 the browser tests would count as an error.
 */
function loginPage(uid: string, subs: string[]): string {
  const id = escapeHtml(uid)
  const options = subs.map((s) => `<option value="${escapeHtml(s)}">${escapeHtml(s)}</option>`).join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title><link rel="icon" href="data:,"></head>
<body>
<h1>Test identity provider</h1>
<form method="post" action="/interaction/${id}/login">
<label for="sub">Account</label>
<input id="sub" name="sub" list="accounts" autocomplete="off" required>
<datalist id="accounts">${options}</datalist>
<button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${id}/cancel"><button type="submit">Cancel</button></form>
</body></html>`
}
