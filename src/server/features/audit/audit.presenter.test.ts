import { describe, expect, it } from 'vitest'
import { type AuditNames, describeAudit, idsToName, presentAuditEvent } from './audit.presenter'
import type { AuditRow } from './audit.repository'

const ADA = '01900000-0000-7000-8000-000000000001'
const BEN = '01900000-0000-7000-8000-000000000002'
const ORDER = '01900000-0000-7000-8000-0000000000aa'
const names: AuditNames = {
  users: new Map([
    [ADA, 'Ada Lovelace'],
    [BEN, 'Ben Okafor'],
  ]),
  orders: new Map([[ORDER, 'Brand Kit and Logo Pack']]),
  currency: 'NGN',
}

function row(overrides: Partial<AuditRow>): AuditRow {
  return {
    id: '01900000-0000-7000-8000-0000000000ff',
    createdAt: '2026-03-01T10:00:00.000Z',
    action: 'export',
    actorId: ADA,
    actorEmail: 'ada.lovelace.with.a.long.address@example.com',
    targetType: null,
    targetId: null,
    ipAddress: '127.0.0.1',
    userAgent: null,
    details: '{}',
    ...overrides,
  }
}

describe('the audit presenter', () => {
  it('names the actor and a user target instead of showing their ids', () => {
    const item = presentAuditEvent(
      row({
        action: 'role.changed',
        targetType: 'user',
        targetId: BEN,
        details: JSON.stringify({ from: 'staff', to: 'admin' }),
      }),
      names,
    )
    expect(item.actor).toEqual({
      id: ADA,
      email: 'ada.lovelace.with.a.long.address@example.com',
      name: 'Ada Lovelace',
    })
    expect(item.target).toEqual({ type: 'user', id: BEN, label: 'Ben Okafor' })
    expect(item.summary).toBe('From staff to admin')
    expect(item.summary).not.toContain(BEN)
  })

  it('says when a named user is gone rather than showing an id', () => {
    const gone = '01900000-0000-7000-8000-000000000009'
    const item = presentAuditEvent(row({ actorId: gone, targetType: 'user', targetId: gone }), names)
    expect(item.actor?.name).toBeNull()
    expect(item.target?.label).toBe('a deleted user')
  })

  it('formats refund money in the shop currency and names the order by its products', () => {
    expect(describeAudit('order.refund_requested', { order_id: ORDER, amount: 150050 }, names)).toBe(
      'Refund of ₦1,500.50 on order Brand Kit and Logo Pack',
    )
  })

  it('describes an export’s filters in words, not JSON', () => {
    expect(
      describeAudit(
        'export',
        {
          table: 'orders',
          filters: { q: 'ada', status: 'paid', from: '2026-03-01', sort: 'createdAt', order: 'desc' },
        },
        names,
      ),
    ).toBe('Exported orders: search “ada”, status paid, from 2026-03-01, sorted by created at descending')
    expect(
      describeAudit(
        'export',
        { table: 'orders', filters: { buyer: BEN, sort: 'total', order: 'asc' } },
        names,
      ),
    ).toBe('Exported orders: orders of Ben Okafor, sorted by total ascending')
    expect(describeAudit('export', { table: 'audit_events', filters: {} }, names)).toBe(
      'Exported the audit log: every row',
    )
  })

  it('puts staff functions, sign-in refusals, deletions and settings into words', () => {
    expect(
      describeAudit('functions.changed', { from: [], to: ['AccessShop', 'UploadProducts'] }, names),
    ).toBe('From none to Access shop, Upload products')
    expect(describeAudit('signin.failure', { reason: 'invalid_credentials' }, names)).toBe(
      'Refused: wrong e-mail or password',
    )
    expect(describeAudit('inbox.deleted', { table: 'ebook_requests', ids: ['a', 'b', 'c'] }, names)).toBe(
      'Deleted 3 entries from e-book requests',
    )
    expect(
      describeAudit(
        'settings.changed',
        { area: 'inbox', changed: ['retentionDays'], retentionDays: 30 },
        names,
      ),
    ).toBe('Changed inbox settings: retention days')
    expect(describeAudit('restriction.changed', { isRestricted: true }, names)).toBe(
      'Restricted: signed out and blocked',
    )
    expect(describeAudit('something.new', { itemCount: 2, note: 'x' }, names)).toBe('item count: 2; note: x')
  })

  it('collects the ids a page mentions, so names are looked up once per page', () => {
    const ids = idsToName([
      row({ targetType: 'user', targetId: BEN }),
      row({ actorId: null, details: JSON.stringify({ order_id: ORDER, amount: 5 }) }),
      row({ details: JSON.stringify({ table: 'orders', filters: { buyer: BEN } }) }),
    ])
    expect([...ids.users].sort()).toEqual([ADA, BEN])
    expect([...ids.orders]).toEqual([ORDER])
  })
})
