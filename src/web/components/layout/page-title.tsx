import { useSiteName } from '../../features/site/site-api'

/**
 * The document title, "Page · Business", while the page is shown. React puts the rendered <title> in
 * <head>, before the one the HTML came with, and takes it out when the page goes.
 */
export function PageTitle({ title }: { title?: string }) {
  const name = useSiteName()
  return <title>{[title, name].filter(Boolean).join(' · ')}</title>
}
