import type { ReactNode } from 'react'

// Toasts are raised from anywhere (an event handler, a mutation callback, the query client) without
// threading a hook through, so the queue lives outside React and the Toaster subscribes to it.

export type ToastVariant = 'default' | 'success' | 'danger'

export interface ToastInput {
  title: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  /** Milliseconds on screen; errors stay a little longer by default. */
  duration?: number
  /** One optional action, e.g. "Undo". `altText` says how to do the same without the toast. */
  action?: { label: string; altText: string; onClick: () => void }
}

export interface ToastItem extends ToastInput {
  id: string
}

let toasts: readonly ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit(next: readonly ToastItem[]): void {
  toasts = next
  for (const listener of listeners) listener()
}

/** Shows a toast and returns its id (for `dismissToast`). */
export function toast(input: ToastInput): string {
  const id = String(nextId++)
  // A few at a time: a burst of failures should not bury the page.
  emit([...toasts, { ...input, id }].slice(-4))
  return id
}

toast.success = (title: ReactNode, description?: ReactNode): string =>
  toast({ title, description, variant: 'success' })
toast.error = (title: ReactNode, description?: ReactNode): string =>
  toast({ title, description, variant: 'danger' })

export function dismissToast(id: string): void {
  emit(toasts.filter((item) => item.id !== id))
}

export function getToasts(): readonly ToastItem[] {
  return toasts
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The same functions, for components that prefer a hook. */
export function useToast(): { toast: typeof toast; dismiss: typeof dismissToast } {
  return { toast, dismiss: dismissToast }
}
