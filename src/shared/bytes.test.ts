import { describe, expect, it } from 'vitest'
import { formatBytes } from './bytes'

describe('formatBytes', () => {
  it('spells out whole bytes', () => {
    expect(formatBytes(0)).toBe('0 bytes')
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(399)).toBe('399 bytes')
    expect(formatBytes(1023)).toBe('1023 bytes')
  })

  it('steps by 1024 with the usual labels, one decimal below 100', () => {
    expect(formatBytes(1024)).toBe('1 KB')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(250_000)).toBe('244 KB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB')
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB')
    expect(formatBytes(10 * 1024 ** 3)).toBe('10 GB')
    expect(formatBytes(2.5 * 1024 ** 3)).toBe('2.5 GB')
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB')
  })

  it('carries a value that rounds to 1024 into the next unit', () => {
    expect(formatBytes(1024 * 1024 - 10)).toBe('1 MB')
    expect(formatBytes(1023 * 1024)).toBe('1023 KB')
  })
})
