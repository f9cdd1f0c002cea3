import { describe, expect, it } from 'vitest'
import { STAFF_FUNCTIONS } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'
import { decideRouteAccess, decideTokenScope, type RouteAccess } from './route-access'
import { user } from './test-callers'

const actors: Record<string, Caller> = {
  anonymous: { kind: 'anonymous' },
  user: user(),
  restricted: user({ isRestricted: true }),
  restrictedAdmin: user({ role: 'admin', isRestricted: true }),
  admin: user({ role: 'admin' }),
  staffWithout: user({ role: 'staff', staffFunctions: [] }),
  ...Object.fromEntries(
    STAFF_FUNCTIONS.map((fn) => [`staff:${fn}`, user({ role: 'staff', staffFunctions: [fn] })]),
  ),
  // A user-role account that somehow carries functions gets nothing from them: functions are for staff.
  userWithFunctions: user({ staffFunctions: ['ManageFeedback'] }),
  // The admins require two-factor sign-in and this admin has not set it up yet.
  adminEnrolling: user({ role: 'admin', mustEnrolTwoFactor: true }),
  restrictedEnrolling: user({ role: 'staff', isRestricted: true, mustEnrolTwoFactor: true }),
}

const feedback: RouteAccess = { staff: ['ManageFeedback'] }

// actor → [public, signedIn, admin, {staff: ManageFeedback}]
const table: Record<string, [string, string, string, string]> = {
  anonymous: ['allow', 'unauthenticated', 'unauthenticated', 'unauthenticated'],
  user: ['allow', 'allow', 'forbidden', 'forbidden'],
  restricted: ['allow', 'unauthenticated', 'unauthenticated', 'unauthenticated'],
  restrictedAdmin: ['allow', 'unauthenticated', 'unauthenticated', 'unauthenticated'],
  admin: ['allow', 'allow', 'allow', 'allow'],
  staffWithout: ['allow', 'allow', 'forbidden', 'forbidden'],
  'staff:ManageFolders': ['allow', 'allow', 'forbidden', 'forbidden'],
  'staff:AccessShop': ['allow', 'allow', 'forbidden', 'forbidden'],
  'staff:UploadProducts': ['allow', 'allow', 'forbidden', 'forbidden'],
  'staff:ManageFeedback': ['allow', 'allow', 'forbidden', 'allow'],
  userWithFunctions: ['allow', 'allow', 'forbidden', 'forbidden'],
  adminEnrolling: ['allow', 'enrolTwoFactor', 'enrolTwoFactor', 'enrolTwoFactor'],
  restrictedEnrolling: ['allow', 'unauthenticated', 'unauthenticated', 'unauthenticated'],
}

describe('decideRouteAccess', () => {
  it('covers every actor in the table', () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(actors).sort())
  })
  for (const [name, expected] of Object.entries(table)) {
    it(`decides for ${name}`, () => {
      const actor = actors[name]!
      const got = (['public', 'signedIn', 'admin', feedback] as RouteAccess[]).map((a) =>
        decideRouteAccess(a, actor),
      )
      expect(got).toEqual(expected)
    })
  }
})

describe('decideRouteAccess for the metrics scraper', () => {
  it('turns on the bearer token alone, whoever is signed in; without a configured token there is no route', () => {
    for (const actor of Object.values(actors)) {
      expect(decideRouteAccess('metricsScraper', actor, { metricsToken: 'valid' })).toBe('allow')
      expect(decideRouteAccess('metricsScraper', actor, { metricsToken: 'wrong' })).toBe('unauthenticated')
      expect(decideRouteAccess('metricsScraper', actor, { metricsToken: 'absent' })).toBe('unauthenticated')
      expect(decideRouteAccess('metricsScraper', actor)).toBe('unauthenticated')
      expect(decideRouteAccess('metricsScraper', actor, { metricsToken: 'unconfigured' })).toBe('notFound')
    }
  })
})

describe('decideTokenScope', () => {
  const readOnly = user({ role: 'admin', token: { id: 't', readOnly: true } })
  const readWrite = user({ role: 'admin', token: { id: 't', readOnly: false } })
  it('lets a read-only token read and nothing else', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].map((m) => decideTokenScope(readOnly, m))).toEqual([
      'allow',
      'allow',
      'allow',
    ])
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => decideTokenScope(readOnly, m))).toEqual([
      'forbidden',
      'forbidden',
      'forbidden',
      'forbidden',
    ])
  })
  it('leaves read-write tokens, sessions and anonymous callers to the route access', () => {
    for (const actor of [readWrite, user(), actors.anonymous!]) {
      expect(['GET', 'POST', 'DELETE'].map((m) => decideTokenScope(actor, m))).toEqual([
        'allow',
        'allow',
        'allow',
      ])
    }
  })
})

describe('routes open during two-factor enrolment', () => {
  it('lets a user who must enrol call only the routes marked for it, still within their access', () => {
    const enrolling = actors.adminEnrolling!
    const during = { duringTwoFactorEnrolment: true }
    expect(decideRouteAccess('signedIn', enrolling, during)).toBe('allow')
    expect(decideRouteAccess('admin', enrolling, during)).toBe('allow')
    expect(decideRouteAccess('admin', user({ mustEnrolTwoFactor: true }), during)).toBe('forbidden')
    expect(decideRouteAccess('signedIn', actors.anonymous!, during)).toBe('unauthenticated')
  })
})
