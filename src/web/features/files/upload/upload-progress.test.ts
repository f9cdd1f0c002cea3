import { describe, expect, it } from 'vitest'
import { headline, overall, speed, timeLeft, type UploadItem } from './upload-progress'

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

describe('the upload panel’s summary', () => {
  it('says what runs, then how the batch ended, failures named', () => {
    const running = overall([
      item({ status: 'done' }),
      item({ status: 'uploading' }),
      item({ status: 'queued' }),
    ])
    expect(headline(running)).toBe('Uploading 3 files · 1 done')
    expect(headline(overall([item({ status: 'done' }), item({ status: 'done' })]))).toBe('2 files uploaded')
    expect(headline(overall([item({ status: 'done' })]))).toBe('1 file uploaded')
    expect(headline(overall([item({ status: 'done' }), item({ status: 'failed' })]))).toBe(
      '1 of 2 files uploaded · 1 failed',
    )
  })

  it('measures speed once a second has passed, and rounds the time left', () => {
    expect(speed(1_000_000, 500)).toBeUndefined()
    expect(speed(0, 5000)).toBeUndefined()
    expect(speed(2_000_000, 2000)).toBe(1_000_000)
    expect(timeLeft(12_000_000, 1_000_000)).toBe('about 15 s left')
    expect(timeLeft(150_000_000, 1_000_000)).toBe('about 3 min left')
    expect(timeLeft(7_200_000_000, 1_000_000)).toBe('about 2 h left')
    expect(timeLeft(0, 1_000_000)).toBeUndefined()
    expect(timeLeft(1000, undefined)).toBeUndefined()
  })
})
