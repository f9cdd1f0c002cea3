import { describe, expect, it } from 'vitest'
import type { Caller } from '../lib/http/caller'
import { canSeeDashboard, dashboardParts } from './dashboard.policy'
import { actor } from './test-callers'

// actor → [shop, inbox, storage], and whether the dashboard answers at all
const table: [string, Caller, [boolean, boolean, boolean], boolean][] = [
  ['anonymous', { kind: 'anonymous' }, [false, false, false], false],
  ['customer', actor('user'), [false, false, false], false],
  [
    'customer holding AccessShop without the staff role',
    actor('user', ['AccessShop']),
    [false, false, false],
    false,
  ],
  ['staff with UploadProducts only', actor('staff', ['UploadProducts']), [false, false, false], false],
  ['staff with AccessShop', actor('staff', ['AccessShop']), [true, false, false], true],
  ['staff with ManageFeedback', actor('staff', ['ManageFeedback']), [false, true, false], true],
  ['staff with ManageFolders', actor('staff', ['ManageFolders']), [false, false, true], true],
  ['restricted staff with AccessShop', actor('staff', ['AccessShop'], true), [false, false, false], false],
  ['admin', actor('admin'), [true, true, true], true],
  ['restricted admin', actor('admin', [], true), [false, false, false], false],
]

describe('dashboard policy', () => {
  it.each(table)('%s', (_name, who, [shop, inbox, storage], sees) => {
    expect(dashboardParts(who)).toEqual({ shop, inbox, storage })
    expect(canSeeDashboard(who)).toBe(sees)
  })
})
