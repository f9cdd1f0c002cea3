import { describe, expect, it } from 'vitest'
import { stemLength } from './name-dialog'

describe('stemLength', () => {
  it('stops before the last extension', () => {
    expect(stemLength('report.final.pdf')).toBe('report.final'.length)
    expect(stemLength('photo.JPG')).toBe(5)
  })

  it('takes the whole name when there is no extension to keep', () => {
    expect(stemLength('notes')).toBe(5)
    expect(stemLength('.env')).toBe(4)
  })
})
