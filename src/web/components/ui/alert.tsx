import { CircleAlert, CircleCheck, CircleExclamationPoint, Info } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn'

export type AlertVariant = 'info' | 'success' | 'warning' | 'danger'

const VARIANTS: Record<AlertVariant, { classes: string; icon: typeof Info }> = {
  info: { classes: 'border-border bg-accent-soft text-accent-soft-fg', icon: Info },
  success: { classes: 'border-border bg-success-soft text-success-soft-fg', icon: CircleCheck },
  warning: { classes: 'border-border bg-warning-soft text-warning-soft-fg', icon: CircleAlert },
  danger: { classes: 'border-danger bg-danger-soft text-danger-soft-fg', icon: CircleExclamationPoint },
}

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  variant?: AlertVariant
  title: ReactNode
  /** Actions the message offers (a button or link), under the text. */
  action?: ReactNode
}

/**
 * A message inside the page, next to what it is about. Danger and warning alerts are announced as soon
 * as they appear (role="alert"); the others politely (role="status"). Pass `role` to override.
 */
export function Alert({ variant = 'info', title, action, children, className, role, ...props }: AlertProps) {
  const { classes, icon: Icon } = VARIANTS[variant]
  return (
    <div
      role={role ?? (variant === 'danger' || variant === 'warning' ? 'alert' : 'status')}
      className={cn('flex items-start gap-3 rounded-md border p-4 text-sm', classes, className)}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">{title}</p>
        {children && <div className="opacity-95">{children}</div>}
        {action && <div className="mt-2 flex flex-wrap gap-2">{action}</div>}
      </div>
    </div>
  )
}
