import { useSyncExternalStore } from 'react'

// Numbers and dates are written in the reader's locale, which the server does not know. A page the
// server renders uses this one; in the browser, hydration draws it the same way and React then
// redraws the text in the browser's own locale (decision 0110), which costs nothing when that is the
// server's locale too: the two are the same text then. Pages the browser renders alone use the
// browser's locale from their first render.

/** The locale of the server's HTML. */
export const SERVER_LOCALE = 'en-US'

const subscribe = () => () => {}

/** The browser's language (navigator.language, which Intl's default locale follows), if it has one. */
function browserLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined
}

/**
 * The locale to format with: the browser's (undefined when it names none), or SERVER_LOCALE while
 * hydrating and on the server.
 */
export function useDisplayLocale(): string | undefined {
  return useSyncExternalStore(subscribe, browserLocale, () => SERVER_LOCALE)
}
