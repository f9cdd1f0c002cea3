import { createHash, timingSafeEqual } from 'node:crypto'
import type { BearerCheck } from '../../policies/route-access'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Compares an `Authorization: Bearer …` header with a configured token in constant time (both are
 * hashed first, so neither length nor content leaks through timing).
 */
export function checkBearer(authorization: string | undefined, expected: string | undefined): BearerCheck {
  if (!expected) return 'unconfigured'
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')
  if (!match) return 'absent'
  return timingSafeEqual(digest(match[1]!), digest(expected)) ? 'valid' : 'wrong'
}
