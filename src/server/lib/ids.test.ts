import { describe, expect, it } from 'vitest'
import { idTimePrefix, newId, UUID_PATTERN } from './ids'

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

describe('idTimePrefix', () => {
  it('is the start of a version-7 UUID made in that millisecond', () => {
    for (const at of [0, 1, Date.UTC(2026, 10, 29, 12, 0, 0, 7), 2 ** 48 - 1]) {
      expect(idTimePrefix(at)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}$/)
      expect(Number.parseInt(idTimePrefix(at).replace('-', ''), 16)).toBe(at)
    }
    const id = newId()
    expect(id.slice(0, 13)).toBe(idTimePrefix(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)))
  })
})
