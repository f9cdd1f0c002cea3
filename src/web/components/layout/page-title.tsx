import { useSiteName } from '../../features/site/site-api'

/** Sets the document title, "Page · Business"; React hoists <title> into <head>. */
export function PageTitle({ title }: { title?: string }) {
  const name = useSiteName()
  const text = [title, name].filter(Boolean).join(' · ')
  return <title>{text}</title>
}
