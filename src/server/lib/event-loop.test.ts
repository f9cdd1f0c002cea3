import { describe, expect, it } from 'vitest'
import { turnsDuring } from '../../../test/support/event-loop-turns'
import { filterInTurns, forEachChunk } from './event-loop'

// Long passes give the event loop turns between slices, and still do exactly what the plain loop would.

describe('filterInTurns', () => {
  it('keeps what the filter keeps, in order', async () => {
    const items = Array.from({ length: 12_345 }, (_, i) => i)
    expect(await filterInTurns(items, (n) => n % 7 === 3, 1000)).toEqual(items.filter((n) => n % 7 === 3))
    expect(await filterInTurns([], () => true)).toEqual([])
  })

  it('lets the event loop turn between slices, and not within one', async () => {
    const items = Array.from({ length: 10_000 }, (_, i) => i)
    expect(await turnsDuring(() => filterInTurns(items, () => true, 1000))).toBeGreaterThanOrEqual(9)
    expect(await turnsDuring(() => filterInTurns(items, () => true, 20_000))).toBe(0)
  })
})

describe('forEachChunk', () => {
  it('hands over every slice in order, with turns between', async () => {
    const seen: number[][] = []
    const turns = await turnsDuring(() =>
      forEachChunk([1, 2, 3, 4, 5], 2, async (chunk) => {
        seen.push(chunk)
      }),
    )
    expect(seen).toEqual([[1, 2], [3, 4], [5]])
    expect(turns).toBeGreaterThanOrEqual(2)
  })
})
