import { describe, expect, it } from 'vitest'
import { formatBytes } from './bytes'

describe('formatBytes', () => {
  it('spells out whole bytes', () => {
    expect(formatBytes(0)).toBe('0 bytes')
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(399)).toBe('399 bytes')
    expect(formatBytes(999)).toBe('999 bytes')
  })

  it('steps by 1000 with one decimal below 100', () => {
    expect(formatBytes(1000)).toBe('1 kB')
    expect(formatBytes(1500)).toBe('1.5 kB')
    expect(formatBytes(123_000)).toBe('123 kB')
    expect(formatBytes(53_000_000)).toBe('53 MB')
    expect(formatBytes(50 * 1024 * 1024)).toBe('52.4 MB')
    expect(formatBytes(5_300_000_000)).toBe('5.3 GB')
    expect(formatBytes(2_000_000_000)).toBe('2 GB')
  })

  it('carries a value that rounds to 1000 into the next unit', () => {
    expect(formatBytes(999_990)).toBe('1 MB')
    expect(formatBytes(999_400)).toBe('999 kB')
  })
})
