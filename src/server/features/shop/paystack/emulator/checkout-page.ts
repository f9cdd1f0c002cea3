import { formatMoney } from '../../../../../shared/money'
import { escapeHtml } from '../../../mail/templates/markup'
import { TEST_CARDS } from './test-cards'

// The emulator's checkout page: a plain HTML form (no script, so it runs under the app's strict CSP),
// marked TEST MODE on every screen, listing the test cards to copy.

export interface CheckoutPageInput {
  /** The business being paid, as Paystack's page names the merchant. */
  merchant?: string | undefined
  accessCode: string
  amount: number
  currency: string
  email: string
  reference: string
  /** Where the form posts (relative to the page). */
  action: string
  error?: string
  done?: string
}

function money(amount: number, currency: string): string {
  return formatMoney(amount, currency, { locale: 'en' })
}

export function checkoutPage(input: CheckoutPageInput): string {
  const e = escapeHtml
  const cards = TEST_CARDS.map(
    (c) =>
      `<li><label><input type="radio" name="card_number" value="${e(c.number)}"${c.outcome === 'success' ? ' checked' : ''}> <code>${e(c.number.replace(/(\d{4})(?=\d)/g, '$1 '))}</code> · CVV ${e(c.cvv)} · ${e(c.label)}</label></li>`,
  ).join('\n')
  const body = input.done
    ? `<p role="status">${e(input.done)}</p>`
    : `${input.error ? `<p role="alert" style="color:#b91c1c;font-weight:600">${e(input.error)}</p>` : ''}
<form method="post" action="${e(input.action)}">
<fieldset style="border:1px solid #d1d5db;border-radius:6px;padding:12px">
<legend>Choose a test card</legend>
<ul style="list-style:none;padding:0;margin:0;line-height:2">${cards}</ul>
</fieldset>
<p><button type="submit" name="intent" value="pay" style="padding:10px 18px;font-weight:600;background:#111827;color:#fff;border:0;border-radius:6px">Pay ${e(money(input.amount, input.currency))}</button>
<button type="submit" name="intent" value="cancel" style="padding:10px 18px;margin-left:8px">Cancel</button></p>
</form>`
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>TEST MODE · ${input.merchant ? `Pay ${e(input.merchant)} · ` : ''}Paystack emulator checkout</title><link rel="icon" href="data:,"></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:24px auto;padding:0 16px;color:#111827;background:#fff">
<p style="background:#facc15;color:#111827;padding:8px 12px;font-weight:700;border-radius:6px;text-align:center">TEST MODE · No real money moves · Paystack emulator</p>
<main>
${input.merchant ? `<p style="margin:16px 0 0;font-weight:600">${e(input.merchant)}</p>\n` : ''}<h1 style="font-size:1.4rem">Pay ${e(money(input.amount, input.currency))}</h1>
<p>${e(input.email)} · reference <code>${e(input.reference)}</code></p>
${body}
</main>
</body>
</html>`
}
