import { Search } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { MAX_SEARCH_LENGTH } from '../../../shared/contract/list'
import { Input } from '../ui/input'
import { useDraftValue } from './use-draft-value'

export const SEARCH_DELAY_MS = 300

export interface DataTableSearchProps {
  /** The committed search text (the URL's `q`). */
  value: string
  onChange: (text: string) => void
  label?: string
  placeholder?: string
}

/**
 * The search box: what is typed is sent as typed (the server treats `%` and `_` literally), 300 ms
 * after the last keystroke, or at once on Enter. On a server-rendered page it works before React takes
 * the page over: Enter submits the form to the same address with `q`, and what was typed meanwhile is
 * taken as the draft once React has.
 */
export function DataTableSearch({ value, onChange, label = 'Search', placeholder }: DataTableSearchProps) {
  const id = useId()
  const { draft, setDraft, markCommitted } = useDraftValue(value)
  const input = useRef<HTMLInputElement>(null)
  // React keeps what the box shows when it takes a server-rendered page over, but typing before that
  // reached no handler: what the box holds once it has is the draft (it searches after the delay).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when React takes the box over
  useEffect(() => {
    const typed = input.current?.value
    if (typed !== undefined && typed !== value) setDraft(typed)
  }, [])
  // The latest onChange, so a re-render (rows arriving) does not restart the wait.
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })

  useEffect(() => {
    if (draft === value) return
    const timer = setTimeout(() => {
      markCommitted(draft)
      onChangeRef.current(draft)
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [draft, value, markCommitted])

  return (
    <search className="w-full sm:w-72">
      <form
        className="relative"
        onSubmit={(event) => {
          event.preventDefault()
          if (draft === value) return
          markCommitted(draft)
          onChange(draft)
        }}
      >
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        />
        <Input
          ref={input}
          id={id}
          name="q"
          type="search"
          value={draft}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={placeholder ?? label}
          autoComplete="off"
          spellCheck={false}
          className="pl-9"
          onChange={(event) => setDraft(event.target.value)}
        />
      </form>
    </search>
  )
}
