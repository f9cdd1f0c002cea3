import { action, type Block, type Brand, greeting, paragraph, type RenderedMail, renderMail } from './layout'
import { checkedLink, html } from './markup'

/** One kind's entries in a digest: "Files and folders", each entry a sentence and where it leads. */
export interface DigestGroup {
  label: string
  entries: { text: string; link: string }[]
}

/** A heading and its entries, each a link: a list in HTML, "- sentence" and the link under it in text. */
function group(entries: DigestGroup): Block {
  for (const entry of entries.entries) checkedLink(entry.link)
  return {
    text: [`${entries.label}:`, ...entries.entries.map((entry) => `- ${entry.text}\n  ${entry.link}`)].join(
      '\n',
    ),
    html: html`<h2 style="margin:0 0 8px;font-size:16px">${entries.label}</h2>
<ul style="margin:0 0 16px;padding-left:20px">${entries.entries.map((entry) => html`<li style="margin:0 0 6px"><a href="${entry.link}" style="color:#1d4ed8">${entry.text}</a></li>`)}</ul>`,
  }
}

/**
 * The e-mail digest of notifications (docs/decisions/0143): what happened since the last one, in the
 * kinds the person asked to be e-mailed about, grouped by kind, each entry linking to it; how many more
 * wait in the app; and where to change what comes by e-mail.
 */
export function notificationDigest(
  brand: Brand,
  input: { firstname?: string | null; groups: DigestGroup[]; more: number; settingsLink: string },
): RenderedMail {
  const shown = input.groups.reduce((n, g) => n + g.entries.length, 0)
  const total = shown + input.more
  const noun = total === 1 ? 'notification' : 'notifications'
  return renderMail(brand, {
    template: 'notification-digest',
    subject: `${total} new ${noun} on ${brand.name}`,
    blocks: [
      greeting(input.firstname),
      paragraph(`Here is what happened on ${brand.name} since our last e-mail.`),
      ...input.groups.map(group),
      ...(input.more > 0 ? [paragraph(`And ${input.more} more: see them all in the app.`)] : []),
      action('Open your notifications', `${brand.baseUrl}/notifications`),
      paragraph(
        `To choose what comes by e-mail, or to stop these e-mails, change your notification settings:`,
      ),
      paragraph(checkedLink(input.settingsLink)),
    ],
  })
}
