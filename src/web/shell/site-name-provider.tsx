import type { ReactNode } from 'react'
import { SiteNameContext } from '../components/layout/site-name'
import { useSiteName } from '../features/site/site-api'

/** Hands the site's name to the kit's page titles, over every page and the shell's own error page. */
export function SiteNameProvider({ children }: { children: ReactNode }) {
  return <SiteNameContext.Provider value={useSiteName()}>{children}</SiteNameContext.Provider>
}
