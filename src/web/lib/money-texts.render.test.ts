import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Price } from '../features/shop/price'
import { MoneyTextsNoted, takeMoneyTexts } from './money-texts'

// A server-rendered page hands its prices over as it wrote them, so the browser's hydration writes the
// same text without building an Intl formatter of its own (decision 0152).

describe('the prices a page hands over', () => {
  it('are noted while the server draws the page, in its locale', () => {
    const noted = new Map<string, string>()
    const html = renderToStaticMarkup(
      h(
        MoneyTextsNoted,
        { value: noted },
        h(Price, { amount: 150050, currency: 'NGN' }),
        h(Price, { amount: 999, currency: 'USD' }),
      ),
    )
    expect(html).toBe('<span>₦1,500.50</span><span>$9.99</span>')
    expect(Object.fromEntries(noted)).toEqual({ '150050 NGN': '₦1,500.50', '999 USD': '$9.99' })
  })

  it('are what the price shows afterwards, instead of a text Intl would make again', () => {
    // A text Intl would never make shows that the handed-over one is used as it is.
    takeMoneyTexts({ '424242 NGN': 'NGN 4242.42 as handed over' })
    const noted = new Map<string, string>()
    const html = renderToStaticMarkup(
      h(MoneyTextsNoted, { value: noted }, h(Price, { amount: 424242, currency: 'NGN' })),
    )
    expect(html).toBe('<span>NGN 4242.42 as handed over</span>')
    expect(noted.size).toBe(0)
    // Another amount is formatted as usual.
    expect(renderToStaticMarkup(h(Price, { amount: 100, currency: 'NGN' }))).toBe('<span>₦1.00</span>')
  })
})
