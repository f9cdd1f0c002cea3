import { z } from 'zod'
import { DEFAULT_ACCENT, HEX_COLOUR } from '../../../shared/color'
import {
  type AdminSiteIdentity,
  MISSING_ADDRESS_WARNING,
  type SiteIdentity,
  type siteIdentityUpdateSchema,
} from '../../../shared/contract/site'
import type { Db } from '../../db/db'
import type { AppDeps } from '../../deps'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { defineSetting, readSetting, writeSetting } from '../../lib/settings/settings'
import { canEditSiteIdentity } from '../../policies/site.policy'
import { recordSettingsChange } from '../audit/audit.service'
import { mailSender } from '../mail/transports/mail-transport'
import { siteImageVersions } from './site-images.repository'

// The business behind this Depot (decision 0069). Until an admin saves it, the identity is made from
// BUSINESS_NAME and BUSINESS_ADDRESS; once saved, the setting is what counts.

const storedSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  address: z.string(),
  supportEmail: z.string().nullable(),
  accentColor: z.string().regex(HEX_COLOUR),
  // Added with invoices: identities saved before have neither.
  taxNumber: z.string().default(''),
  vatPercent: z.number().nullable().default(null),
  // Added with the dashboard: null until an admin chooses one, and then the server's zone counts.
  timeZone: z.string().nullable().default(null),
})
type StoredIdentity = z.infer<typeof storedSchema>

export const SITE_IDENTITY_SETTING = defineSetting({
  key: 'site.identity',
  schema: storedSchema.nullable(),
  fallback: null as StoredIdentity | null,
})

export const DEFAULT_DESCRIPTION = 'Our shop, shared folders and contact desk, in one place.'

type Deps = Pick<AppDeps, 'database' | 'env'>
function fromEnv(env: AppDeps['env']): StoredIdentity {
  return {
    name: env.business.name,
    description: DEFAULT_DESCRIPTION,
    address: env.business.address,
    supportEmail: null,
    accentColor: DEFAULT_ACCENT,
    taxNumber: '',
    vatPercent: null,
    timeZone: null,
  }
}

let processZone: string | undefined

/** The zone the server runs in (TZ, or the system's), used until an admin chooses the business's. */
export function serverTimeZone(): string {
  // Read once: making a DateTimeFormat costs about as much as the rest of reading the identity.
  processZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  return processZone
}

function imageUrl(kind: 'logo' | 'favicon', updatedAt: string | undefined): string | null {
  return updatedAt ? `/api/site/${kind}?v=${Date.parse(updatedAt).toString(36)}` : null
}

async function load(db: Db, env: AppDeps['env']): Promise<{ identity: SiteIdentity; saved: boolean }> {
  const [stored, versions] = await Promise.all([
    readSetting(db, SITE_IDENTITY_SETTING),
    siteImageVersions(db),
  ])
  const base = stored ?? fromEnv(env)
  return {
    identity: {
      ...base,
      timeZone: base.timeZone ?? serverTimeZone(),
      logoUrl: imageUrl('logo', versions.logo),
      faviconUrl: imageUrl('favicon', versions.favicon),
    },
    saved: stored !== null,
  }
}

/**
 * The identity as everyone sees it: the web's header, footer and titles, e-mails, receipts. Inside a
 * transaction, pass the transaction (SQLite has one connection).
 */
export async function readSiteIdentity(db: Db, env: AppDeps['env']): Promise<SiteIdentity> {
  return (await load(db, env)).identity
}

export async function getAdminSiteIdentity(deps: Deps, by: Caller): Promise<AdminSiteIdentity> {
  if (!canEditSiteIdentity(by)) throw problems.forbidden()
  const { identity, saved } = await load(deps.database.db, deps.env)
  return {
    ...identity,
    saved,
    warnings: identity.address ? [] : [MISSING_ADDRESS_WARNING],
    mailSender: mailSender(deps.env.mail.from, identity.name),
  }
}

export async function updateSiteIdentity(
  deps: Deps & Pick<AppDeps, 'clock'>,
  by: Caller,
  change: z.output<typeof siteIdentityUpdateSchema>,
): Promise<AdminSiteIdentity> {
  if (!canEditSiteIdentity(by)) throw problems.forbidden()
  const now = deps.clock()
  const next: StoredIdentity = {
    name: change.name,
    description: change.description,
    address: change.address
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n'),
    supportEmail: change.supportEmail || null,
    accentColor: change.accentColor,
    taxNumber: change.taxNumber,
    vatPercent: change.vatPercent,
    timeZone: null,
  }
  await deps.database.db.transaction().execute(async (trx) => {
    const before = (await readSetting(trx, SITE_IDENTITY_SETTING)) ?? fromEnv(deps.env)
    next.timeZone = change.timeZone ?? before.timeZone
    await writeSetting(trx, SITE_IDENTITY_SETTING, next, { now, by: recordedAs(by).id })
    const changed = (Object.keys(next) as (keyof StoredIdentity)[]).filter((k) => next[k] !== before[k])
    await recordSettingsChange(
      trx,
      by,
      {
        area: 'site identity',
        values: Object.fromEntries(changed.map((k) => [k, next[k]])),
        settingsKey: SITE_IDENTITY_SETTING.key,
      },
      now,
    )
  })
  return getAdminSiteIdentity(deps, by)
}

/** Makes the first-run answers the identity (setup asks for the business name, address and e-mail). */
export async function seedSiteIdentity(
  env: AppDeps['env'],
  trx: Db,
  input: { name: string; address?: string | undefined; supportEmail?: string | undefined },
  meta: { now: Date; by: string | null },
): Promise<void> {
  const base = (await readSetting(trx, SITE_IDENTITY_SETTING)) ?? fromEnv(env)
  await writeSetting(
    trx,
    SITE_IDENTITY_SETTING,
    {
      ...base,
      name: input.name,
      address: input.address ?? base.address,
      supportEmail: input.supportEmail || base.supportEmail,
    },
    meta,
  )
}
