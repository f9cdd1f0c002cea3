import { describe, expect, it } from 'vitest'
import { HttpProblem, problems, problemTitle } from './problem'

describe('problem titles', () => {
  it('keeps the title of a known code', () => {
    expect(problems.conflict('Taken.').title).toBe('Conflict')
    expect(problems.validation({ a: ['x'] }).title).toBe('Some fields need attention')
  })

  it("gives a feature's own code the title of its status, never the bare code", () => {
    expect(new HttpProblem(409, 'name_taken', 'A file with that name exists.').title).toBe('Conflict')
    expect(new HttpProblem(422, 'move_into_itself').title).toBe('Cannot be done')
    expect(new HttpProblem(416, 'range_not_satisfiable').title).toBe('Range not satisfiable')
    expect(problemTitle(418, 'teapot')).toBe('Request failed')
    expect(problemTitle(507, 'storage_full')).toBe('Something went wrong')
  })
})
