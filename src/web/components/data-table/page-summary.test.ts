import { describe, expect, it } from 'vitest'
import { isCommittableDate } from './filter-values'
import { pageSizeChoices, pageSummary } from './page-summary'

describe('pageSummary', () => {
  it('gives the first and last row of a page, 1-based', () => {
    expect(pageSummary(1, 25, 132)).toEqual({ first: 1, last: 25 })
    expect(pageSummary(2, 25, 132)).toEqual({ first: 26, last: 50 })
    expect(pageSummary(6, 25, 132)).toEqual({ first: 126, last: 132 })
    expect(pageSummary(1, 25, 1)).toEqual({ first: 1, last: 1 })
  })

  it('gives zeros for an empty list or a page past the end', () => {
    expect(pageSummary(1, 25, 0)).toEqual({ first: 0, last: 0 })
    expect(pageSummary(7, 25, 132)).toEqual({ first: 0, last: 0 })
  })
})

describe('pageSizeChoices', () => {
  it('offers the standard sizes, plus a different one a link asked for, in order', () => {
    expect(pageSizeChoices([10, 25, 50, 100], 25)).toEqual([10, 25, 50, 100])
    expect(pageSizeChoices([10, 25, 50, 100], 30)).toEqual([10, 25, 30, 50, 100])
  })
})

describe('isCommittableDate', () => {
  it('commits a cleared field or a full date with a four-digit year from 1000 on', () => {
    expect(isCommittableDate('')).toBe(true)
    expect(isCommittableDate('2026-03-01')).toBe(true)
    expect(isCommittableDate('1000-01-01')).toBe(true)
  })

  it('waits while the year is still being typed, or the text is not a date', () => {
    expect(isCommittableDate('0002-03-01')).toBe(false)
    expect(isCommittableDate('0202-03-01')).toBe(false)
    expect(isCommittableDate('2026-3-1')).toBe(false)
    expect(isCommittableDate('yesterday')).toBe(false)
  })
})
