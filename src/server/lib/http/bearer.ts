import { createHash, timingSafeEqual } from 'node:crypto'
import type { BearerCheck } from '../../policies/route-access'
import { HttpProblem } from './problem'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Compares an `Authorization: Bearer …` header with a configured token in constant time (both are
 * hashed first, so neither length nor content leaks through timing).
 */
export function checkBearer(authorization: string | undefined, expected: string | undefined): BearerCheck {
  if (!expected) return 'unconfigured'
  const token = bearerToken(authorization)
  if (!token) return 'absent'
  return timingSafeEqual(digest(token), digest(expected)) ? 'valid' : 'wrong'
}

/** The token of `Authorization: Bearer <token>`; undefined for no header or another scheme. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^bearer[ \t]+(\S*)[ \t]*$/i.exec(authorization ?? '')
  return match ? match[1] : undefined
}

/** The answer to a bearer token that is not (or no longer) a working credential. */
export function invalidBearer(): HttpProblem {
  return new HttpProblem(
    401,
    'unauthenticated',
    'The access token is unknown, expired or revoked, or its account is suspended.',
    undefined,
    { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  )
}
