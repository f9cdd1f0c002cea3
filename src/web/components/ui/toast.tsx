import * as ToastPrimitive from '@radix-ui/react-toast'
import { CircleCheck, CircleExclamationPoint, X } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { cn } from '../../lib/cn'
import { dismissToast, getToasts, subscribeToasts, type ToastVariant } from './toast-store'

const VARIANTS: Record<ToastVariant, string> = {
  default: 'border-border bg-surface text-fg',
  success: 'border-border bg-surface text-fg',
  danger: 'border-danger bg-danger-soft text-danger-soft-fg',
}

/** Renders the toast queue. Mount once, near the root; raise toasts with `toast()` from toast-store. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  return (
    <ToastPrimitive.Provider swipeDirection="right" label="Notification">
      {toasts.map(({ id, title, description, variant = 'default', duration, action }) => (
        <ToastPrimitive.Root
          key={id}
          // Errors interrupt (announced assertively); the rest wait their turn.
          type={variant === 'danger' ? 'foreground' : 'background'}
          duration={duration ?? (variant === 'danger' ? 8000 : 5000)}
          onOpenChange={(open) => {
            if (!open) dismissToast(id)
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:hidden',
            VARIANTS[variant],
          )}
        >
          {variant === 'success' && (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-soft-fg" />
          )}
          {variant === 'danger' && (
            <CircleExclamationPoint aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
            {description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {description}
              </ToastPrimitive.Description>
            )}
            {action && (
              <ToastPrimitive.Action
                altText={action.altText}
                onClick={action.onClick}
                className="mt-1 self-start rounded-md border border-current px-2.5 py-1 text-sm font-medium hover:bg-surface-muted"
              >
                {action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="pointer-events-none fixed right-0 bottom-0 z-[60] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  )
}
