import { action, type Brand, greeting, paragraph, type RenderedMail, renderMail } from './layout'
import { checkedLink, html } from './markup'

/**
 * The e-book link (product.md §4). The link opens a page where the visitor confirms their address
 * with a button (a POST), so a mail scanner that follows links confirms nothing. Every e-book mail
 * also carries List-Unsubscribe headers (set by the caller); the body gives the same way out.
 */
export function ebookLink(
  brand: Brand,
  input: { link: string; unsubscribeLink: string; expiresInDays: number },
): RenderedMail {
  const unsubscribe = checkedLink(input.unsubscribeLink)
  const days = input.expiresInDays === 1 ? '1 day' : `${input.expiresInDays} days`
  return renderMail(brand, {
    template: 'ebook-link',
    subject: `Your e-book from ${brand.name}`,
    blocks: [
      greeting(null),
      paragraph(
        'Thank you for asking for our e-book. Open this page and confirm your address to download it:',
      ),
      action('Get the e-book', input.link),
      paragraph(`The link works for ${days}. After that, ask for a new one on our website.`),
      paragraph(
        `Confirming also adds your address to the ${brand.name} mailing list. ` +
          'If you didn’t ask for the e-book, ignore this e-mail: we add nobody who has not confirmed.',
      ),
      {
        text: `Unsubscribe at any time: ${unsubscribe}`,
        html: html`<p style="margin:0 0 16px;font-size:13px;color:#4b5563">No longer interested? <a href="${unsubscribe}" style="color:#1d4ed8">Unsubscribe</a> at any time.</p>`,
      },
    ],
  })
}
