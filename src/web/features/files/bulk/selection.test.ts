import { describe, expect, it } from 'vitest'
import { emptySelection, headerState, keepVisible, selectRange, toggle, toggleAll } from './selection'

const order = ['folder:a', 'folder:b', 'file:c', 'file:d', 'file:e']
const keys = (s: { keys: ReadonlySet<string> }) => [...s.keys].sort()

describe('selection', () => {
  it('toggles one row and anchors there', () => {
    const s = toggle(emptySelection, 'file:c')
    expect(keys(s)).toEqual(['file:c'])
    expect(s.anchor).toBe('file:c')
    expect(keys(toggle(s, 'file:c'))).toEqual([])
  })

  it('selects a range from the anchor, in either direction', () => {
    const down = selectRange(toggle(emptySelection, 'folder:b'), order, 'file:d')
    expect(keys(down)).toEqual(['file:c', 'file:d', 'folder:b'])
    const up = selectRange(toggle(emptySelection, 'file:e'), order, 'file:c')
    expect(keys(up)).toEqual(['file:c', 'file:d', 'file:e'])
  })

  it('treats a range without an anchor as a toggle', () => {
    expect(keys(selectRange(emptySelection, order, 'file:d'))).toEqual(['file:d'])
  })

  it('selects all, then none, and reports the header state', () => {
    const all = toggleAll(emptySelection, order)
    expect(headerState(all, order)).toBe('all')
    expect(headerState(toggle(all, 'file:c'), order)).toBe('some')
    expect(headerState(toggleAll(all, order), order)).toBe('none')
  })

  it('drops rows that are no longer shown', () => {
    const s = toggle(toggle(emptySelection, 'file:c'), 'file:d')
    const kept = keepVisible(s, ['file:c'])
    expect(keys(kept)).toEqual(['file:c'])
    expect(kept.anchor).toBeNull()
    expect(keepVisible(kept, ['file:c'])).toBe(kept)
  })
})
