import { describe, expect, it } from 'vitest'
import { splitByUtcDays, splitByUtcMonths } from './day-pieces'

const span = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) })
const edge = (i: number, start: string, end: string) => ({ i, span: span(start, end) })

describe('a span cut into whole UTC days and partial days', () => {
  it('reads a span on UTC midnights as days only', () => {
    expect(splitByUtcDays([span('2026-03-01T00:00Z', '2026-03-08T00:00Z')])).toEqual({
      days: [{ i: 0, from: '2026-03-01', to: '2026-03-08' }],
      edges: [],
    })
  })

  it('leaves the hours before the first and after the last midnight to the rows', () => {
    expect(splitByUtcDays([span('2026-02-28T23:00Z', '2026-03-07T23:00Z')])).toEqual({
      days: [{ i: 0, from: '2026-03-01', to: '2026-03-07' }],
      edges: [
        edge(0, '2026-02-28T23:00Z', '2026-03-01T00:00Z'),
        edge(0, '2026-03-07T00:00Z', '2026-03-07T23:00Z'),
      ],
    })
  })

  it('leaves a span without a whole day inside to the rows, and an empty one out', () => {
    const local = span('2026-03-01T05:30Z', '2026-03-02T05:30Z')
    expect(splitByUtcDays([local, span('2026-03-01T00:00Z', '2026-03-01T00:00Z')])).toEqual({
      days: [],
      edges: [{ i: 0, span: local }],
    })
  })

  it('takes the whole months out of the days, keeping each span’s index', () => {
    const year = span('2025-12-31T23:00Z', '2026-12-31T23:00Z')
    const short = span('2026-02-03T00:00Z', '2026-02-10T00:00Z')
    expect(splitByUtcMonths([short, year])).toEqual({
      months: [{ i: 1, from: '2026-01-01', to: '2026-12-01' }],
      days: [
        { i: 0, from: '2026-02-03', to: '2026-02-10' },
        { i: 1, from: '2026-12-01', to: '2026-12-31' },
      ],
      edges: [
        edge(1, '2025-12-31T23:00Z', '2026-01-01T00:00Z'),
        edge(1, '2026-12-31T00:00Z', '2026-12-31T23:00Z'),
      ],
    })
  })

  it('starts the months after a first day that is not the first of its month', () => {
    expect(splitByUtcMonths([span('2026-01-15T00:00Z', '2026-04-01T00:00Z')]).months).toEqual([
      { i: 0, from: '2026-02-01', to: '2026-04-01' },
    ])
  })
})
