import type { SiteTestEmail } from '../../../shared/contract/site'
import type { AppDeps } from '../../deps'
import type { Caller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { canEditSiteIdentity } from '../../policies/site.policy'
import { enqueueMail, testEmail } from '../mail'
import { mailSender } from '../mail/transports/mail-transport'
import { brandOf } from './brand'

/**
 * Sends the admin a sample message to their own address (never to an address they type), so they see
 * the sender, logo and footer their customers get.
 */
export async function sendSiteTestEmail(
  deps: Pick<AppDeps, 'database' | 'env' | 'clock' | 'mailer'>,
  by: Caller,
): Promise<SiteTestEmail> {
  if (!canEditSiteIdentity(by) || by.kind !== 'user') throw problems.forbidden()
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    const brand = await brandOf(trx, deps.env)
    const sender = mailSender(deps.env.mail.from, brand.name)
    const firstname = by.name.split(' ')[0] ?? null
    const mail = testEmail(brand, { firstname, sender: `${sender.name} <${sender.address}>` })
    await enqueueMail(trx, { ...mail, to: by.email }, now)
  })
  deps.mailer.kick()
  return { to: by.email }
}
