import { describe, expect, it } from 'vitest'
import { accentPalette, contrastRatio, readableForeground } from './color'

describe('accent colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#777777')).toBe(1)
  })

  it('picks dark text on light accents and white on dark ones', () => {
    expect(readableForeground('#facc15')).toBe('#0f172a')
    expect(readableForeground('#1e3a8a')).toBe('#ffffff')
  })

  it.each(['#facc15', '#ffffff', '#000000', '#22c55e', '#4338ca', '#e11d48', '#0ea5e9'])(
    'keeps text readable for %s in both themes',
    (hex) => {
      for (const [theme, surface] of [
        ['light', '#ffffff'],
        ['dark', '#111827'],
      ] as const) {
        const p = accentPalette(hex, theme)
        expect(contrastRatio(p.accent, surface)).toBeGreaterThanOrEqual(4.5)
        expect(contrastRatio(p.accentFg, p.accent)).toBeGreaterThanOrEqual(4.5)
        expect(contrastRatio(p.accentSoftFg, p.accentSoft)).toBeGreaterThanOrEqual(4.5)
      }
    },
  )

  it('leaves an accent that is already readable as it is', () => {
    expect(accentPalette('#4338ca', 'light').accent).toBe('#4338ca')
  })
})
