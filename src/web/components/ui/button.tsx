import { Slot } from '@radix-ui/react-slot'
import type { ComponentProps, MouseEvent } from 'react'
import { cn } from '../../lib/cn'
import { Spinner } from './spinner'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-hover shadow-sm',
  secondary: 'border border-border-strong bg-surface text-fg hover:bg-surface-muted shadow-sm',
  ghost: 'text-fg hover:bg-surface-muted',
  danger: 'bg-danger text-danger-fg hover:bg-danger-hover shadow-sm',
}

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
  icon: 'size-10 justify-center',
}

/** The button look, for the odd element that cannot be a Button (prefer `<Button asChild>`). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
} = {}): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-70',
    '[&_svg]:size-4 [&_svg]:shrink-0',
    VARIANTS[variant],
    SIZES[size],
    className,
  )
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner and ignores clicks, but stays focusable so keyboard focus is not lost mid-submit. */
  loading?: boolean
  /** Renders the single child (a link, say) with the button's look and behaviour props. */
  asChild?: boolean
}

/** A button. `type` defaults to "button": a submit button says so (`type="submit"`). */
export function Button({
  variant,
  size,
  loading = false,
  asChild = false,
  className,
  type = 'button',
  onClick,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, className })
  if (asChild) {
    return (
      <Slot className={classes} onClick={onClick} {...props}>
        {children}
      </Slot>
    )
  }
  const guardedClick = (event: MouseEvent<HTMLButtonElement>) => {
    // aria-disabled does not stop clicks (or a form's implicit submit), so stop them here.
    if (loading) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <button
      type={type}
      className={classes}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={guardedClick}
      {...props}
    >
      {loading && <Spinner size="sm" />}
      {children}
    </button>
  )
}
