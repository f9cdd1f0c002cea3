import { describe, expect, it } from 'vitest'
import { lastPart, parentPath, planUpload } from './upload-plan'

const f = (name: string) => new File(['x'], name)

describe('planUpload', () => {
  it('creates each folder once, parents before children, and files go to their folder', () => {
    const plan = planUpload([
      { file: f('b.txt'), path: 'Photos/2026/May/b.txt' },
      { file: f('a.txt'), path: 'Photos/a.txt' },
      { file: f('c.txt'), path: 'Photos/2025/c.txt' },
      { file: f('loose.pdf'), path: 'loose.pdf' },
    ])
    expect(plan.folders).toEqual(['Photos', 'Photos/2025', 'Photos/2026', 'Photos/2026/May'])
    expect(plan.files.map((x) => [x.folderPath, x.name])).toEqual([
      ['Photos/2026/May', 'b.txt'],
      ['Photos', 'a.txt'],
      ['Photos/2025', 'c.txt'],
      ['', 'loose.pdf'],
    ])
  })

  it('falls back to the file name when no path is known', () => {
    expect(planUpload([{ file: f('x.txt'), path: '' }]).files[0]).toMatchObject({
      folderPath: '',
      name: 'x.txt',
    })
  })

  it('splits paths', () => {
    expect(parentPath('a/b/c')).toBe('a/b')
    expect(parentPath('a')).toBe('')
    expect(lastPart('a/b/c')).toBe('c')
  })
})
