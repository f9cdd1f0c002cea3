import { createContext, useContext } from 'react'

/**
 * The business's name, for the kit's titles: '' until known (never a made-up name). The kit imports no
 * feature, so the app's shell reads the site identity and provides it here (shell/site-name-provider).
 */
export const SiteNameContext = createContext('')

export function useSiteNameContext(): string {
  return useContext(SiteNameContext)
}
