import { randomBytes } from 'node:crypto'
import {
  ACCESS_TOKEN_MAX_PER_USER,
  ACCESS_TOKEN_PATTERN,
  ACCESS_TOKEN_PREFIX,
  type AccessToken,
  type AccessTokenScope,
  type CreateAccessToken,
  type CreatedAccessToken,
} from '../../../../shared/contract/access-tokens'
import type { AppDeps, ResolvedSession } from '../../../deps'
import { problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { TOUCH_INTERVAL_MS } from '../../../policies/session.policy'
import { recordAudit } from '../../audit/audit.service'
import { announceAccessChange } from '../../notifications/notify'
import { hashToken } from '../secure-tokens'
import { type ClientInfo, resolvedUser } from '../sessions/sessions.service'
import * as tokens from './access-tokens.repository'

// Personal access tokens (docs/decisions/0057): made by their owner on the profile page, shown once,
// stored as a SHA-256; sent as `Authorization: Bearer`. A token acts as its user with the role,
// functions and restriction the user has at the moment of each request; its scope can only narrow that.

type Deps = Pick<AppDeps, 'database' | 'clock'>
const DAY_MS = 24 * 60 * 60 * 1000
/** Enough of the token to tell it apart in a list; the 43 random characters behind it stay secret. */
const HINT_LENGTH = ACCESS_TOKEN_PREFIX.length + 4

/** Who acts on tokens, for the audit log. */
export interface TokenActor {
  id: string
  email: string
  from: ClientInfo
}

type Row = Awaited<ReturnType<typeof tokens.listAccessTokensOfUser>>[number]

export function presentAccessToken(row: Row, now: Date): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    expired: Date.parse(row.expiresAt) <= now.getTime(),
    lastUsedAt: row.lastUsedAt,
    lastUsedIp: row.lastUsedIp,
  }
}

export async function listAccessTokens(deps: Deps, userId: string): Promise<AccessToken[]> {
  const now = deps.clock()
  return (await tokens.listAccessTokensOfUser(deps.database.db, userId)).map((r) =>
    presentAccessToken(r, now),
  )
}

/** Makes a token for its owner; the answer is the only place the secret ever appears. */
export async function createAccessToken(
  deps: Deps,
  owner: TokenActor,
  input: CreateAccessToken,
): Promise<CreatedAccessToken> {
  const db = deps.database.db
  if ((await tokens.countAccessTokensOfUser(db, owner.id)) >= ACCESS_TOKEN_MAX_PER_USER) {
    throw problems.conflict(
      `You have ${ACCESS_TOKEN_MAX_PER_USER} access tokens. Revoke one you no longer use first.`,
      'too_many_tokens',
    )
  }
  const now = deps.clock()
  const secret = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  const row = {
    id: newId(now.getTime()),
    userId: owner.id,
    name: input.name,
    tokenHash: hashToken(secret),
    hint: secret.slice(0, HINT_LENGTH),
    scope: input.scope,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
    lastUsedAt: null,
    lastUsedIp: null,
    expiryMailedAt: null,
  }
  await db.transaction().execute(async (trx) => {
    await tokens.insertAccessToken(trx, row)
    await recordAudit(
      trx,
      {
        action: 'access_token.created',
        actor: { id: owner.id, email: owner.email },
        target: { type: 'access_token', id: row.id },
        from: owner.from,
        details: { name: row.name, scope: row.scope, expiresAt: row.expiresAt, ownerId: owner.id },
      },
      now,
    )
  })
  return { ...presentAccessToken(row, now), token: secret }
}

/**
 * Revokes one of `ownerId`'s tokens: by the owner, or by an admin from the user's page (the audit
 * entry names who did it). Takes effect on the token's very next request.
 */
export async function revokeAccessToken(
  deps: Deps,
  by: TokenActor,
  ownerId: string,
  tokenId: string,
): Promise<void> {
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    const removed = await tokens.deleteAccessTokenOfUser(trx, ownerId, tokenId)
    // Another user's token id answers like a missing one.
    if (!removed) throw problems.notFound('No such access token.')
    await announceAccessChange(trx, ownerId)
    await recordAudit(
      trx,
      {
        action: 'access_token.revoked',
        actor: { id: by.id, email: by.email },
        target: { type: 'access_token', id: removed.id },
        from: by.from,
        details: { name: removed.name, ownerId },
      },
      now,
    )
  })
}

export interface ResolvedAccessToken {
  tokenId: string
  scope: AccessTokenScope
  user: ResolvedSession['user']
}

/**
 * The token a bearer header carries, if it is still good: known, not expired, its user not
 * restricted. Runs on every such request, so a revocation or restriction is seen on the very next one.
 * Records when and from where it was last used (at most once a minute, or when the address changes).
 */
export async function resolveAccessToken(
  deps: Deps,
  raw: string,
  ipAddress: string,
): Promise<ResolvedAccessToken | undefined> {
  if (!ACCESS_TOKEN_PATTERN.test(raw)) return undefined
  const db = deps.database.db
  const row = await tokens.findAccessTokenWithUser(db, hashToken(raw))
  if (!row) return undefined
  const now = deps.clock()
  if (Date.parse(row.expiresAt) <= now.getTime() || row.isRestricted) return undefined
  const stale = !row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) > TOUCH_INTERVAL_MS
  if (stale || row.lastUsedIp !== ipAddress) {
    await tokens.touchAccessToken(db, row.tokenId, now.toISOString(), ipAddress)
  }
  return {
    tokenId: row.tokenId,
    scope: row.scope,
    user: resolvedUser(row),
  }
}
