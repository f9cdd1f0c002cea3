import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Two-factor sign-in for admins by default (docs/decisions/0112). Users get the time of their first
// sign-in, from which a new site's admins have 7 days to enrol. The requirement becomes one setting
// with three levels (off, admins, staff and admins); a new site has none written and so has the
// default, admins. A site that already has users keeps what it had, written out explicitly: staff and
// admins with no grace where the old switch was on, off where it was not.

const OLD_KEY = 'security.requireTwoFactorForStaff'
const KEY = 'security.twoFactorRequirement'

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema.alterTable('users').addColumn('firstSignInAt', t.timestamp).execute()

  const users = await db.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirst()
  if (Number(users?.n ?? 0) === 0) return
  const old = await db.selectFrom('settings').select('value').where('key', '=', OLD_KEY).executeTakeFirst()
  const wasOn = old?.value === 'true'
  // `since` anchors the grace period: the epoch means it ended long ago, as the old switch had none.
  const epoch = new Date(0).toISOString()
  const value = wasOn
    ? { level: 'staff', since: { admin: epoch, staff: epoch } }
    : { level: 'off', since: { admin: null, staff: null } }
  await db
    .insertInto('settings')
    .values({ key: KEY, value: JSON.stringify(value), updatedAt: new Date().toISOString(), updatedBy: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
}
