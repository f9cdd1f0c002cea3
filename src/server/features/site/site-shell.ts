import type { AppDeps } from '../../deps'
import { escapeHtml } from '../mail/templates/markup'
import { readSiteIdentity } from './site-identity.service'

/**
 * The web app's shell with the site identity in it: the business's name as <title>, its description,
 * and the uploaded favicon, so the first paint and link previews show the business, not "Depot".
 * The client router sets each page's own title once it runs.
 */
export async function shellWithIdentity(
  deps: Pick<AppDeps, 'database' | 'env'>,
  html: string,
): Promise<string> {
  const site = await readSiteIdentity(deps.database.db, deps.env)
  // Function replacements throughout: a replacement string would read `$&`, `$\`` and `$'` in the
  // business's own words as patterns and copy page markup into the head.
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(site.name)}</title>`)
  if (site.description) {
    out = out.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(site.description)}" />`,
    )
  }
  const favicon = site.faviconUrl
  if (favicon) {
    out = out.replace(
      /<link rel="icon"[^>]*>/,
      () => `<link rel="icon" type="image/png" href="${escapeHtml(favicon)}" />`,
    )
  }
  return out
}
