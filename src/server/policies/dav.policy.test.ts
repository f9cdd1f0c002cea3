import { describe, expect, it } from 'vitest'
import type { SignedInCaller } from '../lib/http/caller'
import { decideDavAccess } from './dav.policy'

const user: SignedInCaller = {
  kind: 'user',
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'user',
  staffFunctions: [],
  isRestricted: false,
  emailVerified: true,
}

describe('decideDavAccess', () => {
  it.each([
    ['anonymous', { kind: 'anonymous' } as const, 'PROPFIND', 'unauthenticated'],
    ['a session without a token', user, 'PROPFIND', 'unauthenticated'],
    [
      'a restricted user',
      { ...user, isRestricted: true, token: { id: 't', readOnly: false } },
      'GET',
      'unauthenticated',
    ],
    ['a token', { ...user, token: { id: 't', readOnly: false } }, 'PUT', 'allow'],
    ['a read-only token reading', { ...user, token: { id: 't', readOnly: true } }, 'PROPFIND', 'allow'],
    ['a read-only token writing', { ...user, token: { id: 't', readOnly: true } }, 'PUT', 'readOnly'],
    ['a read-only token locking', { ...user, token: { id: 't', readOnly: true } }, 'LOCK', 'readOnly'],
    [
      'who must enrol 2FA',
      { ...user, token: { id: 't', readOnly: false }, mustEnrolTwoFactor: true },
      'GET',
      'enrolTwoFactor',
    ],
  ])('%s', (_what, caller, method, expected) => {
    expect(decideDavAccess(caller, method)).toBe(expected)
  })
})
