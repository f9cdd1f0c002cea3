import { describe, expect, it } from 'vitest'
import type { DeliverableVersion } from '../../../../shared/contract/shop/products'
import { versionState } from './deliverable-versions'

const version = (over: Partial<DeliverableVersion>): DeliverableVersion => ({
  id: 'v1',
  created_at: '2026-11-27T10:00:00.000Z',
  created_by: 'Ada Staff',
  size: 1024,
  type: 'application/pdf',
  current: false,
  paid_orders: 0,
  ...over,
})

describe('versionState', () => {
  it('says which version is current and how many paid orders download each', () => {
    expect(versionState(version({ current: true }))).toBe('Current')
    expect(versionState(version({ current: true, paid_orders: 1 }))).toBe(
      'Current · 1 paid order downloads it',
    )
    expect(versionState(version({ paid_orders: 3 }))).toBe('3 paid orders download it')
    expect(versionState(version({}))).toBe('Kept for no order')
  })
})
