import type { Db } from '../../db/db'

// The rows of table `settings` (settings.ts): one JSON text value per key.

export async function settingValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value
}

/** The stored values of `keys`, by key (keys never written are absent). */
export async function settingValues(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map()
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .execute()
  return new Map(rows.map((r) => [r.key, r.value]))
}

export async function upsertSetting(
  db: Db,
  row: { key: string; value: string; updatedAt: string; updatedBy: string | null },
): Promise<void> {
  await db
    .insertInto('settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: row.value, updatedAt: row.updatedAt, updatedBy: row.updatedBy }),
    )
    .execute()
}
