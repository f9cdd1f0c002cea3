import { describe, expect, it } from 'vitest'
import { exportFileName } from './privacy-download'

describe('exportFileName', () => {
  it('names the address and the day, with nothing a file system would refuse', () => {
    expect(exportFileName({ email: 'ada@example.com', exportedAt: '2026-11-23T10:00:00.000Z' })).toBe(
      'inbox-export-ada-example.com-2026-11-23.json',
    )
    expect(exportFileName({ email: 'a/b\\c"d@x.io', exportedAt: '2026-01-02T00:00:00.000Z' })).toBe(
      'inbox-export-a-b-c-d-x.io-2026-01-02.json',
    )
  })
})
