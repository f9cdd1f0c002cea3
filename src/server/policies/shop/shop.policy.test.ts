import { describe, expect, it } from 'vitest'
import type { Caller } from '../../lib/http/caller'
import { actor } from '../test-callers'
import { canManageProducts, canViewCover, canViewProduct, isForSale, productAbilities } from './shop.policy'

const published = { isPublished: true, deletedAt: null }
const draft = { isPublished: false, deletedAt: null }
const hidden = { isPublished: true, deletedAt: '2026-01-01T00:00:00.000Z' }

// actor → [manage, view draft, view hidden, draft cover]
const table: [string, Caller, [boolean, boolean, boolean, boolean]][] = [
  ['anonymous', { kind: 'anonymous' }, [false, false, false, false]],
  ['user', actor('user'), [false, false, false, false]],
  [
    'user holding UploadProducts without the staff role',
    actor('user', ['UploadProducts']),
    [false, false, false, false],
  ],
  ['staff with UploadProducts', actor('staff', ['UploadProducts']), [true, true, true, true]],
  ['staff with AccessShop only', actor('staff', ['AccessShop']), [false, false, false, false]],
  [
    'staff with every other function',
    actor('staff', ['AccessShop', 'ManageFolders', 'ManageFeedback']),
    [false, false, false, false],
  ],
  [
    'restricted staff with UploadProducts',
    actor('staff', ['UploadProducts'], true),
    [false, false, false, false],
  ],
  ['admin', actor('admin'), [true, true, true, true]],
  ['restricted admin', actor('admin', [], true), [false, false, false, false]],
]

describe('shop policy', () => {
  it.each(table)('%s', (_name, actor, [manage, viewDraft, viewHidden, draftCover]) => {
    expect([
      canManageProducts(actor),
      canViewProduct(actor, draft),
      canViewProduct(actor, hidden),
      canViewCover(actor, draft),
    ]).toEqual([manage, viewDraft, viewHidden, draftCover])
    // Published products and their covers are everyone's, whoever asks.
    expect(canViewProduct(actor, published)).toBe(true)
    expect(canViewCover(actor, published)).toBe(true)
    // The cover of an ordered product that was deleted stays visible for old orders.
    expect(canViewCover(actor, hidden)).toBe(true)
  })

  it('sells only published, non-deleted products', () => {
    expect([isForSale(published), isForSale(draft), isForSale(hidden)]).toEqual([true, false, false])
  })

  it('never offers to edit or delete a hidden product, even to an admin', () => {
    expect(productAbilities(actor('admin'), hidden)).toEqual({ edit: false, delete: false, buy: false })
    expect(productAbilities(actor('admin'), draft)).toEqual({ edit: true, delete: true, buy: false })
    expect(productAbilities({ kind: 'anonymous' }, published)).toEqual({
      edit: false,
      delete: false,
      buy: true,
    })
  })
})
