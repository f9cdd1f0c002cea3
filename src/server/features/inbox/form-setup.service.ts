import type { FormSetup } from '../../../shared/contract/inbox'
import type { AppDeps } from '../../deps'
import { readSetting } from '../../lib/settings/settings'
import { findUserById } from '../accounts/users.repository'
import { issueFormToken } from './form-guard'
import { ebookPublished, SERVICES_SETTING } from './inbox-settings.service'

/**
 * What a public form needs when it opens: the signed issue time (the minimum fill time counts from
 * here), the services admins list, and the signed-in user's details to prefill (none for visitors,
 * and none for restricted users, who use the forms as visitors).
 */
export async function formSetup(
  deps: Pick<AppDeps, 'database' | 'clock' | 'env'>,
  userId: string | null,
): Promise<FormSetup> {
  const services = await readSetting(deps.database.db, SERVICES_SETTING)
  const ebookAvailable = await ebookPublished(deps)
  const user = userId ? await findUserById(deps.database.db, userId) : undefined
  return {
    formToken: issueFormToken(deps),
    minFillSeconds: deps.env.inbox.minFillSeconds,
    services,
    prefill: user
      ? {
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          business_name: user.business_name,
          industry: user.industry,
        }
      : null,
    ebookAvailable,
  }
}
