import { describe, expect, it } from 'vitest'
import { batchesOf } from './query-batches'

async function* numbers(count: number, read: number[], closed: { value: boolean }) {
  try {
    for (let i = 1; i <= count; i++) {
      read.push(i)
      yield i
    }
  } finally {
    closed.value = true
  }
}

describe('batchesOf', () => {
  it('gathers rows into batches of the size, the last one shorter', async () => {
    const batches: number[][] = []
    for await (const batch of batchesOf(numbers(7, [], { value: false }), 3)) batches.push(batch)
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]])
  })

  it('yields nothing for no rows, and no empty batch after a full one', async () => {
    const none: number[][] = []
    for await (const batch of batchesOf(numbers(0, [], { value: false }), 3)) none.push(batch)
    expect(none).toEqual([])
    const full: number[][] = []
    for await (const batch of batchesOf(numbers(6, [], { value: false }), 3)) full.push(batch)
    expect(full).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ])
  })

  it('reads the next batch only when asked, and closes the rows when the caller stops', async () => {
    const read: number[] = []
    const closed = { value: false }
    for await (const batch of batchesOf(numbers(100, read, closed), 2)) {
      expect(batch).toEqual([1, 2])
      break
    }
    expect(read).toEqual([1, 2])
    expect(closed.value).toBe(true)
  })
})
