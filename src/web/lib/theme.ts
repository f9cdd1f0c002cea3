export type Theme = 'light' | 'dark'

// Theme state lives outside React so main.tsx can apply it before the first render (no inline script
// is allowed to do it earlier) and the toggle can subscribe to it.
const STORAGE_KEY = 'depot.theme'
const listeners = new Set<() => void>()
let current: Theme = 'light'

function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY)
    return value === 'light' || value === 'dark' ? value : null
  } catch {
    // Storage can be disabled (privacy settings, some embedded browsers): fall back to the system.
    return null
  }
}

function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

function apply(theme: Theme): void {
  current = theme
  const root = document.documentElement
  root.classList.toggle('dark', theme === 'dark')
  root.classList.toggle('light', theme === 'light')
  for (const listener of listeners) listener()
}

/** Applies the stored theme, or the system's while the user has not chosen, and follows system changes. */
export function initTheme(): void {
  apply(storedTheme() ?? systemTheme())
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (storedTheme() === null) apply(systemTheme())
  })
}

export function getTheme(): Theme {
  return current
}

/** Applies and remembers an explicit choice. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, theme)
  } catch {
    // Not persisted, but still applied for this visit.
  }
  apply(theme)
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
