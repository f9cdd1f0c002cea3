import { describe, expect, it } from 'vitest'
import { overall, type UploadItem } from './upload-progress'

const item = (over: Partial<UploadItem>): UploadItem => ({
  key: Math.random().toString(),
  name: 'f',
  path: '',
  status: 'uploading',
  sent: 0,
  total: 100,
  ...over,
})

describe('overall progress', () => {
  it('sums bytes of the items that still count; a cancelled file leaves the bar', () => {
    const o = overall([
      item({ sent: 50 }),
      item({ status: 'done', sent: 80, total: 100 }),
      item({ status: 'cancelled', sent: 10 }),
      item({ status: 'failed', sent: 20 }),
    ])
    expect(o).toEqual({ sent: 170, total: 300, done: 1, failed: 1, active: 1, count: 3 })
  })
})
