import type { Db } from '../../db/db'
import type { Env } from '../../env'
import type { Brand } from '../mail'
import { readSiteIdentity } from './site-identity.service'

/**
 * Who the e-mails come from, as the templates need it: the site identity and the public origin.
 * Inside a transaction, pass the transaction.
 */
export async function brandOf(db: Db, env: Env): Promise<Brand> {
  const site = await readSiteIdentity(db, env)
  return {
    name: site.name,
    address: site.address,
    supportEmail: site.supportEmail,
    accentColor: site.accentColor,
    logoUrl: site.logoUrl,
    baseUrl: env.authUrl.origin,
    timeZone: site.timeZone,
  }
}
