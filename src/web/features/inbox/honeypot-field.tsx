import { useId } from 'react'

/**
 * The spam guard's honeypot: a field people never see or reach (moved off screen, hidden from
 * assistive technology, out of the tab order, ignored by autofill). Bots that fill every field fill
 * it, and the server then drops their submission with the same success answer.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId()
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden"
    >
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
