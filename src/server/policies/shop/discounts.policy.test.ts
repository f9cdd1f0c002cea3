import { describe, expect, it } from 'vitest'
import type { Caller } from '../../lib/http/caller'
import { actor } from '../test-callers'
import { canManageDiscounts } from './discounts.policy'

const table: [string, Caller, boolean][] = [
  ['anonymous', { kind: 'anonymous' }, false],
  ['user', actor('user'), false],
  ['user holding AccessShop without the staff role', actor('user', ['AccessShop']), false],
  ['staff with AccessShop', actor('staff', ['AccessShop']), true],
  ['staff with UploadProducts only', actor('staff', ['UploadProducts']), false],
  ['restricted staff with AccessShop', actor('staff', ['AccessShop'], true), false],
  ['admin', actor('admin'), true],
]

describe('discount codes policy', () => {
  it.each(table)('%s', (_name, who, manage) => {
    expect(canManageDiscounts(who)).toBe(manage)
  })
})
