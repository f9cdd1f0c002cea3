import { useEffect } from 'react'
import { accentPalette, DEFAULT_ACCENT } from '../../../shared/color'
import { useSiteIdentity } from './site-api'

// The identity's effect on the document itself: a chosen accent as CSS variables (per theme, each
// adjusted to stay readable; styles.css keeps the built-in palette otherwise) and the favicon link.

const VARIABLES = ['accent', 'accent-hover', 'accent-fg', 'accent-soft', 'accent-soft-fg'] as const

export function accentVariables(hex: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const theme of ['light', 'dark'] as const) {
    const p = accentPalette(hex, theme)
    const values = [p.accent, p.accentHover, p.accentFg, p.accentSoft, p.accentSoftFg]
    VARIABLES.forEach((name, i) => {
      out[`--site-${theme}-${name}`] = values[i]!
    })
  }
  return out
}

export function SiteFrame() {
  const site = useSiteIdentity().data
  const accent = site?.accentColor
  const favicon = site?.faviconUrl

  useEffect(() => {
    if (!accent || accent === DEFAULT_ACCENT) return
    const root = document.documentElement
    const vars = accentVariables(accent)
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value)
    return () => {
      for (const name of Object.keys(vars)) root.style.removeProperty(name)
    }
  }, [accent])

  useEffect(() => {
    if (!site) return
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (!link) {
      link = document.createElement('link')
      link.rel = 'icon'
      document.head.append(link)
    }
    link.type = favicon ? 'image/png' : 'image/svg+xml'
    link.href = favicon ?? '/favicon.svg'
  }, [site, favicon])

  return null
}
