import type { SecuritySettings } from '../../../shared/contract/two-factor'
import type { AppDeps } from '../../deps'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { readSetting, writeSetting } from '../../lib/settings/settings'
import { canChangeSecuritySettings } from '../../policies/two-factor.policy'
import { REQUIRE_TWO_FACTOR_SETTING } from '../accounts/two-factor.service'
import { recordSettingsChange } from '../audit/audit.service'

// The admins' security settings: for now, whether staff and admins must use two-factor sign-in.

type Deps = Pick<AppDeps, 'database' | 'clock'>

export async function getSecuritySettings(deps: Deps, by: Caller): Promise<SecuritySettings> {
  if (!canChangeSecuritySettings(by)) throw problems.forbidden()
  return { requireTwoFactorForStaff: await readSetting(deps.database.db, REQUIRE_TWO_FACTOR_SETTING) }
}

export async function updateSecuritySettings(
  deps: Deps,
  by: Caller,
  change: SecuritySettings,
): Promise<SecuritySettings> {
  if (!canChangeSecuritySettings(by)) throw problems.forbidden()
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    await writeSetting(trx, REQUIRE_TWO_FACTOR_SETTING, change.requireTwoFactorForStaff, {
      now,
      by: recordedAs(by).id,
    })
    await recordSettingsChange(trx, by, { area: 'security', values: change }, now)
  })
  return getSecuritySettings(deps, by)
}
