import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A control's text while the user edits it, kept apart from the committed value (the URL's). When
 * the committed value changes from elsewhere (back, forward, "clear filters") the draft follows it;
 * when it changes because this control committed, whatever was typed since is kept.
 */
export function useDraftValue(value: string): {
  draft: string
  setDraft: (text: string) => void
  /** Call with the text about to be committed, just before committing it. */
  markCommitted: (text: string) => void
} {
  const [draft, setDraft] = useState(value)
  const ownCommit = useRef<string | null>(null)
  useEffect(() => {
    const ours = value === ownCommit.current
    ownCommit.current = null
    if (!ours) setDraft(value)
  }, [value])
  const markCommitted = useCallback((text: string) => {
    ownCommit.current = text
  }, [])
  return { draft, setDraft, markCommitted }
}
