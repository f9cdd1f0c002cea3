import { describe, expect, it } from 'vitest'
import type { StaffFunction } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'
import { canReadAuditLog } from './audit.policy'

const user = (
  role: 'user' | 'staff' | 'admin',
  staffFunctions: StaffFunction[] = [],
  isRestricted = false,
): Caller => ({
  kind: 'user',
  id: 'u1',
  name: 'Test person',
  email: 'person@example.com',
  role,
  staffFunctions,
  isRestricted,
  emailVerified: true,
})

const table: [string, Caller, boolean][] = [
  ['anonymous', { kind: 'anonymous' }, false],
  ['user', user('user'), false],
  [
    'staff with every function',
    user('staff', ['ManageFolders', 'AccessShop', 'UploadProducts', 'ManageFeedback']),
    false,
  ],
  ['admin', user('admin'), true],
  ['restricted admin', user('admin', [], true), false],
]

describe('audit policy', () => {
  it.each(table)('%s reads the audit log: %s', (_name, actor, allowed) => {
    expect(canReadAuditLog(actor)).toBe(allowed)
  })
})
