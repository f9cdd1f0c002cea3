import { lazy, Suspense, useState, useSyncExternalStore } from 'react'
import { getToasts, subscribeToasts } from './toast-store'

// The toasts' viewport (Radix Toast and its layers) loads with the first toast, not with every page:
// a shop visitor who never sees one never downloads it (decision 0096). Radix announces each toast
// from the toast itself, so a viewport mounted with its first toast still reads it out. Once loaded
// it stays mounted.

const Toaster = lazy(() => import('./toast').then((m) => ({ default: m.Toaster })))

const hasToasts = () => getToasts().length > 0

export function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToasts, hasToasts, () => false)
  const [mounted, setMounted] = useState(false)
  if (wanted && !mounted) setMounted(true)
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
