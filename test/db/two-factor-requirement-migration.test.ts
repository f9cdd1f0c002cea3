import { Migrator } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrations } from '../../src/server/db/migrations'
import { migrateToLatest } from '../../src/server/db/migrator'
import {
  TWO_FACTOR_REQUIREMENT_SETTING,
  twoFactorEnrolment,
} from '../../src/server/features/accounts/two-factor/two-factor.service'
import { readSetting } from '../../src/server/lib/settings/settings'
import { insertUser } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'

// Migration 0038 (decision 0112): a new site requires two-factor sign-in of admins by default; a site
// that already had users keeps what it had, written out: off, or staff and admins with no grace period
// where the old switch was on.

const MIGRATION = '0038-two-factor-requirement'

async function siteBefore(setUp: (db: TestApp['database']['db']) => Promise<void>) {
  const t = await createTestApp({ migrate: false })
  const names = Object.keys(migrations)
  const before = names[names.indexOf(MIGRATION) - 1]!
  const migrator = new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } })
  expect((await migrator.migrateTo(before)).error).toBeUndefined()
  await setUp(t.database.db)
  await migrateToLatest(t.database)
  return t
}

describe('migration 0038: the two-factor requirement', () => {
  it('leaves a new site on the default: admins', async () => {
    const t = await siteBefore(async () => {})
    expect(await t.database.db.selectFrom('settings').selectAll().execute()).toEqual([])
    expect((await readSetting(t.database.db, TWO_FACTOR_REQUIREMENT_SETTING)).level).toBe('admins')
  })

  it('keeps an existing site without the old switch off', async () => {
    let adminId = ''
    const t = await siteBefore(async (db) => {
      adminId = (await insertUser(db, { role: 'admin' })).id
    })
    expect((await readSetting(t.database.db, TWO_FACTOR_REQUIREMENT_SETTING)).level).toBe('off')
    expect(await twoFactorEnrolment(t.deps, { id: adminId, role: 'admin' })).toEqual({
      required: false,
      dueBy: null,
      mustEnrol: false,
    })
  })

  it('keeps an existing site with the old switch on holding staff and admins at once', async () => {
    let staffId = ''
    const t = await siteBefore(async (db) => {
      staffId = (await insertUser(db, { role: 'staff' })).id
      await db
        .insertInto('settings')
        .values({
          key: 'security.requireTwoFactorForStaff',
          value: 'true',
          updatedAt: new Date().toISOString(),
          updatedBy: null,
        })
        .execute()
    })
    expect((await readSetting(t.database.db, TWO_FACTOR_REQUIREMENT_SETTING)).level).toBe('staff')
    const state = await twoFactorEnrolment(t.deps, { id: staffId, role: 'staff' })
    expect(state).toMatchObject({ required: true, mustEnrol: true })
  })
})
