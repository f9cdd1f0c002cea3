import { useSyncExternalStore } from 'react'
import { useSiteNameContext } from './site-name'

const subscribe = () => () => {}

/**
 * The document title, "Page · Business", while the page is shown. React puts the rendered <title> in
 * <head>, before the one the HTML came with, and takes it out when the page goes. Not in a page the
 * server renders: its <title> would land in the body; the server writes the head's title itself, and
 * this one takes over once the page is hydrated.
 */
export function PageTitle({ title }: { title?: string }) {
  const name = useSiteNameContext()
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  return inBrowser ? <title>{[title, name].filter(Boolean).join(' · ')}</title> : null
}
