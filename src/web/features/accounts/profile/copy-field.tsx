import { Check, Copy } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast-store'

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_MS = 3000

/**
 * A value to copy (an address, a password): read-only, selected on focus, with a Copy button that says
 * "Copied" for a moment and tells screen readers so in a polite status. navigator.clipboard is absent
 * outside secure contexts and may be refused: then a toast says to select and copy by hand.
 */
export function CopyField({
  label,
  noun,
  value,
  hideLabel = false,
}: {
  label: string
  /** What is copied, for the button's name and the confirmation: "the drive address". */
  noun: string
  value: string
  /** The label is read by screen readers only (a heading or text above already says what it is). */
  hideLabel?: boolean
}) {
  const fieldId = useId()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      toast.error(
        'Could not copy',
        'Your browser did not allow this page to use the clipboard. Select the text and copy it.',
      )
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={fieldId}
          readOnly
          value={value}
          className="min-w-0 flex-1 font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
          <span className="sr-only"> {noun}</span>
        </Button>
      </div>
      <span role="status" className="sr-only">
        {copied ? `Copied ${noun}` : ''}
      </span>
    </div>
  )
}
