import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS } from '../../../../shared/contract/audit'
import { actionLabel } from './audit-table'

describe('the audit table', () => {
  it('has a label for every action the server records, and shows unknown ones as they are', () => {
    for (const action of AUDIT_ACTIONS) expect(actionLabel(action)).not.toBe(action)
    expect(actionLabel('orders.refunded')).toBe('orders.refunded')
  })
})
