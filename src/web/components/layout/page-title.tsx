import { useEffect } from 'react'
import { useSiteName } from '../../features/site/site-api'

/**
 * Sets the document title, "Page · Business", while the page is shown; the one before comes back
 * after. An effect rather than a rendered <title>: the web build runs on Preact
 * (decision 0101), which does not hoist a <title> into <head> as React 19 does.
 */
export function PageTitle({ title }: { title?: string }) {
  const name = useSiteName()
  const text = [title, name].filter(Boolean).join(' · ')
  useEffect(() => {
    const before = document.title
    document.title = text
    return () => {
      document.title = before
    }
  }, [text])
  return null
}
