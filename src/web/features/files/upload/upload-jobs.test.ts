import { describe, expect, it } from 'vitest'
import { EMPTY_FOLDER } from './dropped-files'
import { queueJobs } from './upload-jobs'

describe('queueJobs', () => {
  it('queues each file with its row, keeps empty folders apart, and keys every job uniquely', () => {
    const a = new File(['abc'], 'a.txt')
    const b = new File(['hello'], 'b.txt')
    const { jobs, items, emptyFolders } = queueJobs(
      [
        { file: a, folders: [] },
        { file: EMPTY_FOLDER, folders: ['photos', 'empty'] },
        { file: b, folders: ['photos', '2024'] },
      ],
      'folder-1',
    )
    expect(emptyFolders).toEqual([['photos', 'empty']])
    expect(items.map(({ key: _key, ...row }) => row)).toEqual([
      { name: 'a.txt', path: '', status: 'queued', sent: 0, total: 3 },
      { name: 'b.txt', path: 'photos/2024', status: 'queued', sent: 0, total: 5 },
    ])
    expect(jobs.map((job) => job.picked.file)).toEqual([a, b])
    // Each job remembers the folder it was dropped on, whatever folder is open when it starts.
    expect(jobs.map((job) => job.baseId)).toEqual(['folder-1', 'folder-1'])
    expect(jobs.map((job) => job.key)).toEqual(items.map((item) => item.key))
    expect(new Set(jobs.map((job) => job.key)).size).toBe(2)
  })
})
