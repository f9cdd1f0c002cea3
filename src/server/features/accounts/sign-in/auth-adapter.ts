import type { Adapter, AdapterAccount, AdapterUser } from '@auth/core/adapters'
import type { AppDeps } from '../../../deps'
import { newId } from '../../../lib/ids'
import { claimPendingShares } from '../../files/sharing/pending-shares.service'
import {
  deleteAccount,
  findUserByAccount,
  findUserByEmail,
  findUserById,
  insertAccount,
  insertUser,
  normalizeEmail,
  updateUser,
} from '../users.repository'

// Our small Auth.js adapter (docs/decisions/0004): users and accounts live in our own tables with the
// specification's columns. Sessions are not here: they are ours (sessions.service.ts), reached through
// the jwt encode/decode seam, so every request re-checks them.

type Deps = Pick<AppDeps, 'database' | 'clock'>

/** Extra fields our provider profile() adds; Auth.js passes them through to createUser. */
export interface ProfileExtras {
  first_name?: string
  last_name?: string
  /** The provider's email_verified claim: Auth.js itself overwrites emailVerified with null. */
  email_verified_claim?: boolean
}

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>

function toAdapterUser(row: UserRow): AdapterUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    emailVerified: row.emailVerified ? new Date(row.emailVerified) : null,
  }
}

export function createAuthAdapter(deps: Deps): Adapter {
  const db = deps.database.db
  return {
    async createUser(user) {
      const extras = user as AdapterUser & ProfileExtras
      // The signIn callback refuses a new person without an e-mail (code provider_email_missing), so
      // this is a broken invariant, not a user error.
      if (!user.email) throw new Error('createUser needs an e-mail address')
      const now = deps.clock().toISOString()
      const [fallbackFirst, ...rest] = (user.name ?? '').trim().split(/\s+/)
      const first_name = (extras.first_name ?? fallbackFirst ?? '').trim() || user.email.split('@')[0]!
      const last_name = (extras.last_name ?? rest.join(' ')).trim()
      const row = {
        id: newId(),
        first_name,
        last_name,
        name: [first_name, last_name].filter(Boolean).join(' '),
        email: normalizeEmail(user.email),
        emailVerified: extras.email_verified_claim ? now : null,
        account_type: 'individual' as const,
        password: null,
        business_name: null,
        // Our own avatar URL or nothing: a provider's picture is never stored (auth-config.ts).
        image: null,
        industry: null,
        isRestricted: false,
        role: 'user' as const,
        staffFunctions: '[]',
        firstSignInAt: null,
        billing_address: null,
        tax_number: null,
        createdAt: now,
        updatedAt: now,
      }
      await db.transaction().execute(async (trx) => {
        await insertUser(trx, row)
        // A provider that vouches for the address confirms it: folders shared with it are theirs now.
        if (row.emailVerified) await claimPendingShares(trx, row, new Date(now))
      })
      return toAdapterUser(row)
    },
    async getUser(id) {
      const row = await findUserById(db, id)
      return row ? toAdapterUser(row) : null
    },
    async getUserByEmail(email) {
      const row = await findUserByEmail(db, email)
      return row ? toAdapterUser(row) : null
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const row = await findUserByAccount(db, provider, providerAccountId)
      return row ? toAdapterUser(row) : null
    },
    async updateUser(user) {
      // Auth.js only updates what providers say; names, roles and the avatar (users.image, our own
      // URL) are ours to manage, so only emailVerified is taken.
      const changes: { emailVerified?: string | null; updatedAt: string } = {
        updatedAt: deps.clock().toISOString(),
      }
      if (user.emailVerified !== undefined) changes.emailVerified = user.emailVerified?.toISOString() ?? null
      await updateUser(db, user.id, changes)
      const row = await findUserById(db, user.id)
      if (!row) throw new Error('updated user vanished')
      return toAdapterUser(row)
    },
    async linkAccount(account: AdapterAccount) {
      const now = deps.clock().toISOString()
      await insertAccount(db, {
        userId: account.userId,
        type: account.type,
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        refresh_token: account.refresh_token ?? null,
        access_token: account.access_token ?? null,
        expires_at: account.expires_at ?? null,
        token_type: account.token_type ?? null,
        scope: account.scope ?? null,
        id_token: account.id_token ?? null,
        session_state: typeof account.session_state === 'string' ? account.session_state : null,
        createdAt: now,
        updatedAt: now,
      })
    },
    async unlinkAccount({ provider, providerAccountId }) {
      await deleteAccount(db, provider, providerAccountId)
    },
  }
}
