import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '../ui/button'

/** A form's submit button, busy (and not pressable twice) while the submission is pending. */
export function SubmitButton({
  pending,
  children,
  ...props
}: { pending: boolean; children: ReactNode } & Omit<ButtonProps, 'type' | 'loading'>) {
  return (
    <Button type="submit" loading={pending} {...props}>
      {children}
    </Button>
  )
}
