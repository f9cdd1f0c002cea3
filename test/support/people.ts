import type { Kysely } from 'kysely'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import { newId } from '../../src/server/lib/ids'
import type { PermissionType, StaffFunction } from '../../src/shared/enums'
import { CookieClient } from './http-client'
import type { TestApp } from './test-app'
import { call } from './typed-client'

// People for the suites, as factories with overrides: a user row of any role, staff functions,
// restriction or name; the same user with a password; the same user signed in through the real
// sign-in flow (a cookie client); folder grants; two-factor sign-in set up through the API.

export type UserRow = DB['users']

/**
 * Any column of the user row, plus two shorthands: `functions` (the staff functions as a list, stored
 * as JSON text in `staffFunctions`) and `name` (a full name "First Last", split into the two names).
 */
export type PersonOverrides = Partial<Omit<UserRow, 'staffFunctions'>> & { functions?: StaffFunction[] }

/** A user who can sign in: the row and the password in clear. */
export type UserWithPassword = UserRow & { plainPassword: string }

/** A user signed in through the sign-in flow: the row, the password, and the client holding the session. */
export type Person = UserWithPassword & { client: CookieClient }

export const PASSWORD = 'correct horse battery staple'
const HOUR = 60 * 60 * 1000

const now = () => new Date().toISOString()
let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`

function userRow(overrides: PersonOverrides): UserRow {
  const { functions = [], name, ...columns } = overrides
  const [givenFirst, ...rest] = name?.split(' ') ?? []
  const first = columns.first_name ?? givenFirst ?? 'Ada'
  const last = columns.last_name ?? (rest.length > 0 ? rest.join(' ') : 'Lovelace')
  return {
    id: newId(),
    email: `user-${unique()}@example.com`,
    emailVerified: now(),
    account_type: 'individual',
    password: null,
    business_name: null,
    image: null,
    industry: null,
    isRestricted: false,
    role: 'user',
    createdAt: now(),
    updatedAt: now(),
    ...columns,
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    staffFunctions: JSON.stringify(functions),
  }
}

/** A verified user row, with no password: for suites that only need someone to exist. */
export async function insertUser(db: Kysely<DB>, overrides: PersonOverrides = {}): Promise<UserRow> {
  const row = userRow(overrides)
  await db.insertInto('users').values(row).execute()
  return row
}

/** A verified user who can sign in with `password` at once. */
export async function insertUserWithPassword(
  db: Kysely<DB>,
  password = PASSWORD,
  overrides: PersonOverrides = {},
): Promise<UserWithPassword> {
  const { hashPassword } = await import('../../src/server/features/accounts/passwords')
  const user = await insertUser(db, { password: await hashPassword(password), ...overrides })
  return { ...user, plainPassword: password }
}

/**
 * A verified user signed in through the real sign-in flow. Accounts are made an hour before the app's
 * clock unless `createdAt` says otherwise, so whatever a test does "now" happens after they existed
 * (a folder's notifications, for one, reach a person only from when their account and access began).
 */
export async function signedIn(
  t: TestApp,
  overrides: PersonOverrides & { password?: string } = {},
): Promise<Person> {
  const { password = PASSWORD, ...columns } = overrides
  const user = await insertUserWithPassword(t.database.db, password, {
    createdAt: new Date(t.clock.now.getTime() - HOUR).toISOString(),
    ...columns,
  })
  const client = new CookieClient(t.app)
  const res = await client.signIn(user.email, user.plainPassword)
  expect(res.status, `sign-in of ${user.name}`).toBeLessThan(400)
  return { ...user, client }
}

/** Folder access for a person, granted at the app's clock: access, and its notifications, start then. */
export async function grant(t: TestApp, folderId: string, userId: string, permissionType: PermissionType) {
  const stamp = t.clock.now.toISOString()
  await t.database.db
    .insertInto('folder_permissions')
    .values({
      id: newId(),
      folder_id: folderId,
      user_id: userId,
      permissionType,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute()
}

/** Sets up two-factor sign-in through the API, as the person would; returns the secret and recovery codes. */
export async function enrolTwoFactor(t: TestApp, person: Person) {
  const setup = await call(person.client, 'POST', '/api/me/two-factor/setup', undefined, 200)
  const { secret } = setup as { secret: string }
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now.getTime() })
  const enable = await call(person.client, 'POST', '/api/me/two-factor/enable', { code }, 200)
  const { recoveryCodes } = enable as { recoveryCodes: string[] }
  return { secret, recoveryCodes }
}
