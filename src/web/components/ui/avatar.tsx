import { useState } from 'react'
import { cn } from '../../lib/cn'

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl'

const SIZES: Record<AvatarSize, string> = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-lg',
  xl: 'size-24 text-2xl',
}

export interface AvatarProps {
  /** The picture; when missing or broken, `fallback` is shown instead. */
  src?: string | null | undefined
  /** Text alternative of the picture; empty when a visible name sits beside it (decorative). */
  alt: string
  /** One or two letters to show without a picture. */
  fallback: string
  size?: AvatarSize
  className?: string
}

/** A round picture of a person, or their initials. */
export function Avatar({ src, alt, fallback, size = 'md', className }: AvatarProps) {
  // Remembers which picture failed, so a new picture gets its own chance to load.
  const [failed, setFailed] = useState<string>()
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-soft font-semibold text-accent-soft-fg select-none',
    SIZES[size],
    className,
  )
  if (src && src !== failed) {
    return (
      <span className={classes}>
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailed(src)} />
      </span>
    )
  }
  if (alt) {
    return (
      <span className={classes} role="img" aria-label={alt}>
        {fallback}
      </span>
    )
  }
  return (
    <span className={classes} aria-hidden="true">
      {fallback}
    </span>
  )
}
