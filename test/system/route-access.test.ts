import { beforeAll, describe, expect, it } from 'vitest'
import type { Caller } from '../../src/server/lib/http/caller'
import type { AnyRoute } from '../../src/server/lib/http/route'
import { decideRouteAccess, decideTokenScope } from '../../src/server/policies/route-access'
import { user as testCaller } from '../../src/server/policies/test-callers'
import { buildProtocolMounts } from '../../src/server/routes'
import { STAFF_FUNCTIONS, type StaffFunction } from '../../src/shared/enums'
import { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { samplePath } from '../support/sample-paths'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Walks the whole route table: every route, called as every kind of actor with a real session, must
// answer as its declared access says (401 / 403 / anything else). New features' routes are covered
// the moment they are added to src/server/routes.ts.

interface Walker {
  name: string
  actor: Caller
  client: CookieClient
  /** A personal access token, sent as Authorization: Bearer (with no cookie and no Origin). */
  bearer?: string
}

let t: TestApp
const callers: Walker[] = []

beforeAll(async () => {
  t = await createTestApp()
  const make = async (
    name: string,
    role: 'user' | 'staff' | 'admin',
    functions: StaffFunction[] = [],
    restrict = false,
  ) => {
    const { client, ...user } = await signedIn(t, { role, functions })
    if (restrict)
      await t.database.db.updateTable('users').set({ isRestricted: true }).where('id', '=', user.id).execute()
    const actor = testCaller({ id: user.id, role, staffFunctions: functions, isRestricted: restrict })
    callers.push({ name, actor, client })
  }
  callers.push({ name: 'anonymous', actor: { kind: 'anonymous' }, client: new CookieClient(t.app) })
  await make('user', 'user')
  await make('restricted user', 'user', [], true)
  for (const fn of STAFF_FUNCTIONS) await make(`staff with ${fn}`, 'staff', [fn])
  await make('admin', 'admin')

  // Personal access tokens act as their user, narrowed by their scope.
  const tokenCaller = async (name: string, role: 'user' | 'admin', scope: 'read-only' | 'read-write') => {
    const { client: session, ...user } = await signedIn(t, { role })
    const res = await call(session, 'POST', '/api/me/access-tokens', { name, scope, expiresInDays: 7 })
    const { id, token } = res as { id: string; token: string }
    const actor = testCaller({ id: user.id, role, token: { id, readOnly: scope === 'read-only' } })
    callers.push({ name, actor, client: new CookieClient(t.app), bearer: token })
  }
  await tokenCaller('user token (read-write)', 'user', 'read-write')
  await tokenCaller('admin token (read-write)', 'admin', 'read-write')
  await tokenCaller('admin token (read-only)', 'admin', 'read-only')
})

/** Every actor the walk calls as, in the order beforeAll makes them. */
const ACTOR_NAMES = [
  'anonymous',
  'user',
  'restricted user',
  ...STAFF_FUNCTIONS.map((fn) => `staff with ${fn}`),
  'admin',
  'user token (read-write)',
  'admin token (read-write)',
  'admin token (read-only)',
]

/** Public routes that authenticate the request itself (a signature) and answer 401 without it. */
const SELF_AUTHENTICATED = new Set(['POST /api/payments/paystack/webhook'])

const concretePath = (route: AnyRoute) => samplePath(route)

function expectedFor(route: AnyRoute, caller: Walker): string {
  const method = route.method.toUpperCase()
  // No caller presents a metrics token; this app has none configured.
  const access = decideRouteAccess(route.access, caller.actor, { metricsToken: 'unconfigured' })
  if (access !== 'allow') return access
  if (decideTokenScope(caller.actor, method) === 'forbidden') return 'forbidden'
  if (caller.bearer && route.sessionOnly) return 'forbidden'
  return SELF_AUTHENTICATED.has(`${method} ${route.path}`) ? 'unauthenticated' : 'allow'
}

describe('route × actor', () => {
  it('declares every route the app serves in the route table', () => {
    // The Paystack emulator (mounted when no keys are set) stands in for a third party: not our API.
    const served = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && !r.path.startsWith('/_emulator/'))
        .map((r) => `${r.method} ${r.path}`),
    )
    const declared = new Set([
      ...t.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`),
      // A protocol mount (WebDAV) answers its path with every method, and names what it answers elsewhere.
      ...buildProtocolMounts().flatMap((m) => m.alsoAnswers ?? []),
    ])
    expect([...served].filter((r) => !declared.has(r))).toEqual([])
  })

  // One test per actor: each walks the whole table (a few hundred requests), so each has its own time
  // budget on a loaded machine and a failure names the actor.
  it.each(ACTOR_NAMES)('answers every route as its declared access says, as %s', async (name) => {
    const caller = callers.find((c) => c.name === name)
    if (!caller) throw new Error(`no caller named ${name}`)
    const mismatches: string[] = []
    for (const route of t.routes) {
      const method = route.method.toUpperCase()
      const expected = expectedFor(route, caller)
      const headers: Record<string, string> =
        method === 'GET' || method === 'OPTIONS'
          ? { Accept: 'application/json' }
          : { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' }
      if (caller.bearer) {
        headers.Authorization = `Bearer ${caller.bearer}`
        delete headers.Origin
      }
      const res = await caller.client.request(concretePath(route), {
        method,
        headers,
        body: method === 'GET' || method === 'OPTIONS' ? undefined : '{}',
      })
      await res.arrayBuffer()
      const got =
        res.status === 401
          ? 'unauthenticated'
          : res.status === 403
            ? 'forbidden'
            : res.status === 404 && expected === 'notFound'
              ? 'notFound'
              : 'allow'
      // A 500 is a defect whatever the access (e.g. a handler that assumes a session on a public route).
      if (got !== expected || res.status >= 500) {
        mismatches.push(`${method} ${route.path} as ${caller.name}: expected ${expected}, got ${res.status}`)
      }
    }
    expect(mismatches).toEqual([])
  })

  it('has a test for every actor it makes', () => {
    expect(callers.map((c) => c.name).sort()).toEqual([...ACTOR_NAMES].sort())
  })
})
