import { createContext, useContext } from 'react'
import { SERVER_LOCALE } from './display-locale'
import { formatMoney } from './format'

// The prices a server-rendered page shows, handed to the browser as the server wrote them (decision
// 0152). Hydrating a page would otherwise build the page's first Intl formatter just to write the
// same text again, and a renderer's first Intl object is the costliest step of taking a page over
// (10–40 ms here, for its locale data). Only texts in SERVER_LOCALE are handed over: they are what
// the page was drawn with, and what a reader whose language is that locale keeps afterwards.

/** Where the server notes each price it writes while drawing a page (one map per page). */
export const MoneyTextsNoted = createContext<Map<string, string> | null>(null)

/** The texts the server handed over with this page, by amount and currency. */
const handedOver = new Map<string, string>()

/** Keeps the texts a server-rendered page was drawn with, for its prices to use as they are. */
export function takeMoneyTexts(texts: Record<string, string> | undefined): void {
  for (const [key, text] of Object.entries(texts ?? {})) handedOver.set(key, text)
}

const keyOf = (minorUnits: number, currency: string) => `${minorUnits} ${currency}`

/** formatMoney for a component, reusing the server's text of the same price in SERVER_LOCALE. */
export function useMoneyText(minorUnits: number, currency: string, locale: string | undefined): string {
  const noted = useContext(MoneyTextsNoted)
  if (locale !== SERVER_LOCALE) return formatMoney(minorUnits, currency, { locale })
  const key = keyOf(minorUnits, currency)
  const known = handedOver.get(key)
  if (known !== undefined) return known
  const text = formatMoney(minorUnits, currency, { locale })
  noted?.set(key, text)
  return text
}
