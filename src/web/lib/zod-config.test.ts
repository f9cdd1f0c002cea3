import { describe, expect, it } from 'vitest'
import './zod-config'

describe('zod configuration', () => {
  it('is jitless once zod loads, though the setting was made before zod was imported', async () => {
    const { z } = await import('zod')
    expect(z.config().jitless).toBe(true)
  })
})
