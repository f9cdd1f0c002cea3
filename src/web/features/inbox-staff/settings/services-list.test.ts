import { describe, expect, it } from 'vitest'
import { addService, moveService, removeService, servicesErrors } from './services-list'

describe('the services list editor', () => {
  it('adds a trimmed name at the end, refusing blanks and duplicates in any case', () => {
    expect(addService(['Design'], '  Hosting ')).toEqual({ list: ['Design', 'Hosting'] })
    expect(addService(['Design'], '   ')).toMatchObject({ list: ['Design'], error: expect.any(String) })
    expect(addService(['Design'], 'DESIGN')).toMatchObject({
      list: ['Design'],
      error: expect.stringContaining('already'),
    })
  })

  it('removes and reorders, ignoring moves past either end', () => {
    expect(removeService(['a', 'b', 'c'], 1)).toEqual(['a', 'c'])
    expect(moveService(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moveService(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveService(['a', 'b'], 0, -1)).toEqual(['a', 'b'])
    expect(moveService(['a', 'b'], 1, 1)).toEqual(['a', 'b'])
  })

  it('gathers the server messages for any item of the list', () => {
    expect(
      servicesErrors({
        'body.services.1': ['Too long.'],
        'body.services': ['Listed twice.'],
        'body.x': ['no'],
      }),
    ).toBe('Too long. Listed twice.')
    expect(servicesErrors({})).toBeUndefined()
  })
})
