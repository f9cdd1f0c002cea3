import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS } from '../../../shared/contract/audit'
import { actionLabel, detailsLine } from './audit-table'

describe('the audit table', () => {
  it('has a label for every action the server records, and shows unknown ones as they are', () => {
    for (const action of AUDIT_ACTIONS) expect(actionLabel(action)).not.toBe(action)
    expect(actionLabel('orders.refunded')).toBe('orders.refunded')
  })

  it('writes the details on one line', () => {
    expect(detailsLine({ table: 'users', filters: { q: 'ada' }, count: 2 })).toBe(
      'table: users · filters: {"q":"ada"} · count: 2',
    )
    expect(detailsLine({})).toBe('')
  })
})
