import type { SecuritySettings } from '../../../shared/contract/two-factor'
import type { AppDeps } from '../../deps'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { readSetting, writeSetting } from '../../lib/settings/settings'
import { canChangeSecuritySettings, twoFactorRequiredFor } from '../../policies/two-factor.policy'
import { TWO_FACTOR_REQUIREMENT_SETTING } from '../accounts/two-factor/two-factor.service'
import { recordSettingsChange } from '../audit/audit.service'

// The admins' security settings: for now, who must use two-factor sign-in (decision 0112).

type Deps = Pick<AppDeps, 'database' | 'clock'>

export async function getSecuritySettings(deps: Deps, by: Caller): Promise<SecuritySettings> {
  if (!canChangeSecuritySettings(by)) throw problems.forbidden()
  const requirement = await readSetting(deps.database.db, TWO_FACTOR_REQUIREMENT_SETTING)
  return { twoFactorRequirement: requirement.level }
}

export async function updateSecuritySettings(
  deps: Deps,
  by: Caller,
  change: SecuritySettings,
): Promise<SecuritySettings> {
  if (!canChangeSecuritySettings(by)) throw problems.forbidden()
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    const before = await readSetting(trx, TWO_FACTOR_REQUIREMENT_SETTING)
    const level = change.twoFactorRequirement
    // A role the requirement newly covers gets its grace period from now; one it already covered keeps its own.
    const startsFor = (role: 'admin' | 'staff', since: string | null) =>
      twoFactorRequiredFor(role, level) && !twoFactorRequiredFor(role, before.level)
        ? now.toISOString()
        : since
    await writeSetting(
      trx,
      TWO_FACTOR_REQUIREMENT_SETTING,
      {
        level,
        since: {
          admin: startsFor('admin', before.since.admin),
          staff: startsFor('staff', before.since.staff),
        },
      },
      { now, by: recordedAs(by).id },
    )
    await recordSettingsChange(trx, by, { area: 'security', values: change }, now)
  })
  return getSecuritySettings(deps, by)
}
