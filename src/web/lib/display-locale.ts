import { useSyncExternalStore } from 'react'

// Numbers and dates are written in the reader's locale, which the server does not know. A page the
// server renders uses this one; in the browser, hydration draws it the same way and React then
// redraws the text in the browser's own locale (decision 0110). Pages the browser renders alone use
// the browser's locale from their first render.

/** The locale of the server's HTML. */
export const SERVER_LOCALE = 'en-US'

const subscribe = () => () => {}

/** The locale to format with: undefined (the browser's), or SERVER_LOCALE while hydrating and on the server. */
export function useDisplayLocale(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => undefined,
    () => SERVER_LOCALE,
  )
}
