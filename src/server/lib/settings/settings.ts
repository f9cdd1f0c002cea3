import type { z } from 'zod'
import type { Db } from '../../db/db'
import { settingValue, settingValues, upsertSetting } from './settings.repository'

// Settings that admins change in the app rather than through the environment (table `settings`, one
// JSON value per key). Each setting is declared once with its schema and the value that applies
// while nobody has set it; a feature reads and writes only through its declarations.

export interface SettingDef<T> {
  /** Namespaced by feature: `inbox.services`. */
  key: string
  schema: z.ZodType<T>
  /** What applies while the setting was never written (or holds a value its schema now refuses). */
  fallback: T
}

export function defineSetting<T>(def: SettingDef<T>): SettingDef<T> {
  return def
}

function parse<T>(def: SettingDef<T>, raw: string | undefined): T {
  if (raw === undefined) return def.fallback
  try {
    const parsed = def.schema.safeParse(JSON.parse(raw))
    // A value written under an older, looser schema must not break the feature: the default applies.
    return parsed.success ? parsed.data : def.fallback
  } catch {
    return def.fallback
  }
}

export async function readSetting<T>(db: Db, def: SettingDef<T>): Promise<T> {
  return parse(def, await settingValue(db, def.key))
}

/** Several settings in one query, as a tuple in the order asked. */
export async function readSettings<const Defs extends readonly SettingDef<unknown>[]>(
  db: Db,
  defs: Defs,
): Promise<{ [K in keyof Defs]: Defs[K] extends SettingDef<infer T> ? T : never }> {
  const byKey = await settingValues(
    db,
    defs.map((d) => d.key),
  )
  return defs.map((def) => parse(def, byKey.get(def.key))) as {
    [K in keyof Defs]: Defs[K] extends SettingDef<infer T> ? T : never
  }
}

/** Stores a value (checked against the schema first: a bad value is a programming error here). */
export async function writeSetting<T>(
  db: Db,
  def: SettingDef<T>,
  value: T,
  meta: { now: Date; by: string | null },
): Promise<void> {
  const checked = def.schema.parse(value)
  const row = {
    key: def.key,
    value: JSON.stringify(checked),
    updatedAt: meta.now.toISOString(),
    updatedBy: meta.by,
  }
  await upsertSetting(db, row)
}
