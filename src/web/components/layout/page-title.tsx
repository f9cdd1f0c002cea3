import { startTransition, useEffect, useState } from 'react'
import { useSiteNameContext } from './site-name'

/**
 * The document title, "Page · Business", while the page is shown. React puts the rendered <title> in
 * <head>, before the one the HTML came with, and takes it out when the page goes. Not in a page the
 * server renders: its <title> would land in the body; the server writes the head's title itself, and
 * this one takes over once the page is hydrated. It appears after the first commit, as a transition
 * of its own, so hydrating a page does not end with a render that cannot give way to the browser.
 */
export function PageTitle({ title }: { title?: string }) {
  const name = useSiteNameContext()
  const [mounted, setMounted] = useState(false)
  useEffect(() => startTransition(() => setMounted(true)), [])
  return mounted ? <title>{[title, name].filter(Boolean).join(' · ')}</title> : null
}
