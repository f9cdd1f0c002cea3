import { describe, expect, it } from 'vitest'
import { newId, UUID_PATTERN } from './ids'

describe('newId', () => {
  it('makes RFC 9562 version-7 UUIDs carrying the time', () => {
    const at = Date.UTC(2026, 10, 22, 8, 0, 0)
    const id = newId(at)
    expect(id).toMatch(UUID_PATTERN)
    expect(id[14]).toBe('7') // version
    expect(['8', '9', 'a', 'b']).toContain(id[19]) // variant
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at)
  })

  it('sorts in creation order, even many in one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId())
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('draws fresh random bits for every id, past many refills of its pool', () => {
    // The last 15 hex digits are random only: the time and the counter live in the first 16.
    const tails = Array.from({ length: 5000 }, () => newId().replace(/-/g, '').slice(17))
    expect(new Set(tails).size).toBe(tails.length)
  })
})
