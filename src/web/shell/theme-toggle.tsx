import { Moon, Sun } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { Button } from '../components/ui/button'
import { getTheme, setTheme, subscribeTheme } from '../lib/theme'

/** A toggle for the dark theme; the choice is remembered on this device. */
export function ThemeToggle() {
  // The server does not know the visitor's theme: its HTML shows the light theme's toggle, which
  // hydration draws too before the stored choice takes over.
  const theme = useSyncExternalStore(subscribeTheme, getTheme, () => 'light')
  const dark = theme === 'dark'
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Dark theme"
      aria-pressed={dark}
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  )
}
