import { Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import { cn } from '../../lib/cn'
import { useFormFieldControl } from '../forms/field-context'
import { controlClasses, type InputProps } from './input'

export type PasswordInputProps = Omit<InputProps, 'type'>

/**
 * A password field with a show/hide button, so people can check what they typed instead of typing it
 * twice. The button is a toggle (aria-pressed) named for what it does; it never submits the form.
 */
export function PasswordInput({ className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false)
  const wired = useFormFieldControl(props)
  return (
    <div className={cn('relative', className)}>
      <input
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn(controlClasses, 'h-10 pr-11')}
        {...wired}
      />
      <button
        type="button"
        aria-label="Show password"
        aria-pressed={visible}
        aria-controls={wired.id}
        onClick={() => setVisible((value) => !value)}
        className="absolute top-1/2 right-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  )
}
