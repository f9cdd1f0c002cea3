import { describe, expect, it } from 'vitest'
import { bulkSummary, unchangedEntries } from './bulk-summary'

describe('bulkSummary', () => {
  it('counts each outcome in a fixed order and leaves out the ones that did not happen', () => {
    expect(
      bulkSummary({
        changed: 2,
        results: [
          { id: 'a', outcome: 'unchanged' },
          { id: 'b', outcome: 'resolved' },
          { id: 'c', outcome: 'resolved' },
          { id: 'd', outcome: 'not_found' },
        ],
      }),
    ).toBe('2 resolved, 1 already in that state, 1 already gone.')
  })

  it('says so when there was nothing', () => {
    expect(bulkSummary({ changed: 0, results: [] })).toBe('Nothing was selected.')
  })
})

describe('unchangedEntries', () => {
  it('names the entries that did not change, by their label or else their id', () => {
    const labels: Record<string, string> = { a: 'Ada Lovelace' }
    expect(
      unchangedEntries(
        {
          changed: 1,
          results: [
            { id: 'a', outcome: 'unchanged' },
            { id: 'b', outcome: 'deleted' },
            { id: 'c', outcome: 'not_found' },
          ],
        },
        (id) => labels[id],
      ),
    ).toEqual([
      { id: 'a', label: 'Ada Lovelace', reason: 'already in that state' },
      { id: 'c', label: 'c', reason: 'already gone' },
    ])
  })
})
