import { z } from 'zod'
import type { AdminSiteWords, SavedSiteWords, SiteWords } from '../../../shared/contract/site'
import { DEFAULT_SHOP_HEADING, DEFAULT_SHOP_TAGLINE, defaultHomeIntro } from '../../../shared/site-words'
import type { Db } from '../../db/db'
import type { AppDeps } from '../../deps'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { defineSetting, readSetting, writeSetting } from '../../lib/settings/settings'
import { canEditSiteIdentity } from '../../policies/site.policy'
import { recordSettingsChange } from '../audit/audit.service'
import { readSiteIdentity } from './site-identity.service'

// The owner's words on the home page and the shop (decision 0141): saved with the site identity's
// rights and audit, read by the two pages. An empty text is the default's, so the defaults follow the
// business's name and later wording without anyone re-saving.

const card = z.object({ title: z.string(), body: z.string() })
const storedSchema = z.object({
  homeIntro: z.string(),
  shopHeading: z.string(),
  shopTagline: z.string(),
  homeCards: z.array(card).nullable(),
})

export const SITE_WORDS_SETTING = defineSetting<SavedSiteWords>({
  key: 'site.words',
  schema: storedSchema,
  fallback: { homeIntro: '', shopHeading: '', shopTagline: '', homeCards: null },
})

type Deps = Pick<AppDeps, 'database' | 'env'>

async function defaults(db: Db, env: AppDeps['env']) {
  const { name } = await readSiteIdentity(db, env)
  return {
    homeIntro: defaultHomeIntro(name),
    shopHeading: DEFAULT_SHOP_HEADING,
    shopTagline: DEFAULT_SHOP_TAGLINE,
  }
}

/** The words as visitors see them: the owner's, each default filled in where they wrote none. */
export async function readSiteWords(deps: Deps): Promise<SiteWords> {
  const db = deps.database.db
  const saved = await readSetting(db, SITE_WORDS_SETTING)
  const fallback = await defaults(db, deps.env)
  return {
    homeIntro: saved.homeIntro || fallback.homeIntro,
    shopHeading: saved.shopHeading || fallback.shopHeading,
    shopTagline: saved.shopTagline || fallback.shopTagline,
    homeCards: saved.homeCards,
  }
}

export async function getAdminSiteWords(deps: Deps, by: Caller): Promise<AdminSiteWords> {
  if (!canEditSiteIdentity(by)) throw problems.forbidden()
  const db = deps.database.db
  return { saved: await readSetting(db, SITE_WORDS_SETTING), defaults: await defaults(db, deps.env) }
}

export async function updateSiteWords(
  deps: Deps & Pick<AppDeps, 'clock'>,
  by: Caller,
  next: SavedSiteWords,
): Promise<AdminSiteWords> {
  if (!canEditSiteIdentity(by)) throw problems.forbidden()
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    const before = await readSetting(trx, SITE_WORDS_SETTING)
    await writeSetting(trx, SITE_WORDS_SETTING, next, { now, by: recordedAs(by).id })
    const changed = (Object.keys(next) as (keyof SavedSiteWords)[]).filter(
      (k) => JSON.stringify(next[k]) !== JSON.stringify(before[k]),
    )
    await recordSettingsChange(
      trx,
      by,
      {
        area: 'site words',
        values: Object.fromEntries(changed.map((k) => [k, next[k]])),
        settingsKey: SITE_WORDS_SETTING.key,
      },
      now,
    )
  })
  return getAdminSiteWords(deps, by)
}
