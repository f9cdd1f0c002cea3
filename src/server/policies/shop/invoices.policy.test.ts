import { describe, expect, it } from 'vitest'
import type { Caller } from '../../lib/http/caller'
import { user } from '../test-callers'
import { canDownloadAnyDocuments, canDownloadOwnDocuments, canExportDocuments } from './invoices.policy'

describe('invoices policy', () => {
  const own = { user_id: 'u' }
  const other = { user_id: 'u2' }
  it.each([
    ['the buyer', user(), own, true],
    ['another customer', user(), other, false],
    ['the buyer, restricted', user({ isRestricted: true }), own, false],
    ['anonymous', { kind: 'anonymous' } as Caller, own, false],
  ])('own order documents: %s → %s', (_n, actor, order, ok) =>
    expect(canDownloadOwnDocuments(actor, order)).toBe(ok),
  )

  it.each([
    ['admin', user({ role: 'admin' }), true],
    ['AccessShop staff', user({ role: 'staff', staffFunctions: ['AccessShop'] }), true],
    ['ManageFeedback staff', user({ role: 'staff', staffFunctions: ['ManageFeedback'] }), false],
    ['user', user(), false],
    ['restricted admin', user({ role: 'admin', isRestricted: true }), false],
  ])('any order documents and the export: %s → %s', (_n, actor, ok) => {
    expect(canDownloadAnyDocuments(actor)).toBe(ok)
    expect(canExportDocuments(actor)).toBe(ok)
  })
})
