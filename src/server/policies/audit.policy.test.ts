import { describe, expect, it } from 'vitest'
import type { Caller } from '../lib/http/caller'
import { canReadAuditLog } from './audit.policy'
import { actor } from './test-callers'

const table: [string, Caller, boolean][] = [
  ['anonymous', { kind: 'anonymous' }, false],
  ['user', actor('user'), false],
  [
    'staff with every function',
    actor('staff', ['ManageFolders', 'AccessShop', 'UploadProducts', 'ManageFeedback']),
    false,
  ],
  ['admin', actor('admin'), true],
  ['restricted admin', actor('admin', [], true), false],
]

describe('audit policy', () => {
  it.each(table)('%s reads the audit log: %s', (_name, actor, allowed) => {
    expect(canReadAuditLog(actor)).toBe(allowed)
  })
})
