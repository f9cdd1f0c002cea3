import {
  INVITATION_LIFETIME_DAYS,
  type Invitation,
  type InvitationAcceptInput,
} from '../../../shared/contract/invitations'
import type { Role, StaffFunction } from '../../../shared/enums'
import { parseStaffFunctions, STAFF_FUNCTION_DUTIES } from '../../../shared/staff-functions'
import type { DB } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { type Caller, type RequestOrigin, recordedAs } from '../../lib/http/caller'
import { HttpProblem, problems } from '../../lib/http/problem'
import { newId } from '../../lib/ids'
import { canManageInvitations, invitationStillBacked } from '../../policies/invitations.policy'
import { effectiveStaffFunctions } from '../../policies/users.policy'
import { hashToken, newSecureToken } from '../accounts/secure-tokens'
import { createUserWithPassword } from '../accounts/sign-up/users.service'
import { findUserByEmail, findUserById, normalizeEmail } from '../accounts/users.repository'
import { recordAudit } from '../audit/audit.service'
import { claimPendingShares } from '../files/sharing/pending-shares.service'
import { enqueueMail, invitation as invitationMail } from '../mail'
import { brandOf } from '../site/brand'
import * as repo from './invitations.repository'

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer'>
type Db = Parameters<typeof repo.insertInvitation>[0]

const LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000

// Admins invite people by e-mail with a role and staff functions (product.md §1: only admins give
// roles). The link carries a single-use token, stored hashed; accepting creates the account already
// verified (the link proves the inbox) with that role and those functions.

function requireAdmin(by: Caller) {
  if (!canManageInvitations(by)) throw problems.forbidden('Only admins can invite people.')
}

function present(row: DB['invitations'] & { inviter_name?: string | null }, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    staffFunctions: parseStaffFunctions(row.staffFunctions),
    status: Date.parse(row.expires_at) > now.getTime() ? 'pending' : 'expired',
    invitedBy: row.inviter_name ?? null,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
  }
}

function roleLabel(role: Role): string {
  return role === 'admin' ? 'an admin' : role === 'staff' ? 'staff' : 'a user'
}

/** What the invitee will be able to do, in plain words (an admin can do everything). */
function duties(role: Role, functions: readonly StaffFunction[]): string[] {
  if (role === 'admin') return ['manage people, settings and everything staff can do']
  return role === 'staff' ? functions.map((fn) => STAFF_FUNCTION_DUTIES[fn]) : []
}

/** Issues a fresh token and mails the link, in the caller's transaction. */
async function mailLink(deps: Deps, trx: Db, row: DB['invitations'], by: Caller, token: string) {
  const brand = await brandOf(trx, deps.env)
  await enqueueMail(
    trx,
    {
      to: row.email,
      ...invitationMail(brand, {
        inviterName: recordedAs(by).name,
        roleLabel: roleLabel(row.role),
        duties: duties(row.role, parseStaffFunctions(row.staffFunctions)),
        link: `${brand.baseUrl}/accept-invitation?token=${token}`,
        expiresInDays: INVITATION_LIFETIME_DAYS,
      }),
    },
    deps.clock(),
  )
}

export async function listInvitations(deps: Deps, by: Caller) {
  requireAdmin(by)
  const now = deps.clock()
  const rows = await repo.listOpenInvitations(deps.database.db)
  return { items: rows.map((row) => present(row, now)) }
}

export async function createInvitation(
  deps: Deps,
  by: Caller,
  input: { email: string; role: Role; staffFunctions: readonly StaffFunction[] },
): Promise<Invitation> {
  requireAdmin(by)
  const now = deps.clock()
  const email = normalizeEmail(input.email)
  const functions = effectiveStaffFunctions(input.role, input.staffFunctions)
  const created = await deps.database.db.transaction().execute(async (trx) => {
    // Admins may see every user, so saying that the address has an account reveals nothing new.
    if (await findUserByEmail(trx, email)) {
      throw new HttpProblem(
        409,
        'email_taken',
        'An account with this e-mail address already exists: change its role on its page instead.',
      )
    }
    if (await repo.findOpenInvitationByEmail(trx, email)) {
      throw new HttpProblem(
        409,
        'invitation_pending',
        'This address already has an open invitation: send it again or revoke it.',
      )
    }
    const token = newSecureToken()
    const stamp = now.toISOString()
    const row: DB['invitations'] = {
      id: newId(now.getTime()),
      email,
      role: input.role,
      staffFunctions: JSON.stringify(functions),
      token_hash: hashToken(token),
      invited_by: recordedAs(by).id,
      created_at: stamp,
      sent_at: stamp,
      expires_at: new Date(now.getTime() + LIFETIME_MS).toISOString(),
      accepted_at: null,
      accepted_user_id: null,
      revoked_at: null,
    }
    await repo.insertInvitation(trx, row)
    await mailLink(deps, trx, row, by, token)
    await recordAudit(
      trx,
      {
        action: 'invitation.sent',
        actor: recordedAs(by),
        target: { type: 'invitation', id: row.id },
        from: by.from,
        details: { email, role: input.role, staffFunctions: functions },
      },
      now,
    )
    return row
  })
  deps.mailer.kick()
  return present({ ...created, inviter_name: recordedAs(by).name }, now)
}

const noSuchInvitation = () =>
  problems.notFound('No open invitation with this id: it was accepted or revoked.')

/** A new link and a new expiry; the old link stops working. */
export async function resendInvitation(deps: Deps, by: Caller, id: string): Promise<Invitation> {
  requireAdmin(by)
  const now = deps.clock()
  const updated = await deps.database.db.transaction().execute(async (trx) => {
    const row = await repo.findOpenInvitation(trx, id)
    if (!row) throw noSuchInvitation()
    const token = newSecureToken()
    const changes = {
      token_hash: hashToken(token),
      sent_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LIFETIME_MS).toISOString(),
    }
    if (!(await repo.renewInvitationToken(trx, id, changes))) throw noSuchInvitation()
    const next = { ...row, ...changes }
    await mailLink(deps, trx, next, by, token)
    await recordAudit(
      trx,
      {
        action: 'invitation.resent',
        actor: recordedAs(by),
        target: { type: 'invitation', id },
        from: by.from,
        details: { email: row.email },
      },
      now,
    )
    return next
  })
  deps.mailer.kick()
  return present(updated, now)
}

export async function revokeInvitation(deps: Deps, by: Caller, id: string): Promise<void> {
  requireAdmin(by)
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await repo.findOpenInvitation(trx, id)
    if (!row || !(await repo.revokeInvitation(trx, id, now.toISOString()))) throw noSuchInvitation()
    await recordAudit(
      trx,
      {
        action: 'invitation.revoked',
        actor: recordedAs(by),
        target: { type: 'invitation', id },
        from: by.from,
        details: { email: row.email },
      },
      now,
    )
  })
}

/**
 * The invitation a link names, if it can still be accepted. An unknown token is a 404; a known one
 * that was used, whose inviter may no longer invite, that was revoked or has expired says which (only
 * the link's holder learns it), as a 410.
 */
async function usableInvitation(db: Db, token: string, now: Date) {
  const row = await repo.findInvitationByTokenHash(db, hashToken(token))
  if (!row) {
    throw new HttpProblem(
      404,
      'invitation_not_found',
      'This invitation link is not valid. Copy the whole link from the e-mail, or ask an admin for a new one.',
    )
  }
  if (row.accepted_at !== null) {
    throw new HttpProblem(
      410,
      'invitation_used',
      'This invitation was already accepted. Sign in with the password you chose.',
    )
  }
  const inviter = row.invited_by === null ? undefined : await findUserById(db, row.invited_by)
  if (!invitationStillBacked(inviter)) {
    throw new HttpProblem(
      410,
      'invitation_stopped',
      'The admin who sent this invitation can no longer give people a role, so it has stopped. Ask an admin for a new one.',
    )
  }
  if (row.revoked_at !== null) {
    throw new HttpProblem(
      410,
      'invitation_revoked',
      'This invitation was withdrawn. Ask an admin for a new one.',
    )
  }
  if (Date.parse(row.expires_at) <= now.getTime()) {
    throw new HttpProblem(
      410,
      'invitation_expired',
      'This invitation has expired. Ask an admin to send it again.',
    )
  }
  return row
}

/** What the accept page shows: the address and role the holder of the link was invited with. */
export async function previewInvitation(deps: Pick<Deps, 'database' | 'clock'>, token: string) {
  const row = await usableInvitation(deps.database.db, token, deps.clock())
  return { email: row.email, role: row.role }
}

/** Creates the invited account, verified, with the invitation's role and functions. */
export async function acceptInvitation(
  deps: Pick<Deps, 'database' | 'clock'>,
  input: InvitationAcceptInput,
  from: RequestOrigin,
): Promise<{ email: string }> {
  const now = deps.clock()
  return deps.database.db.transaction().execute(async (trx) => {
    const row = await usableInvitation(trx, input.token, now)
    if (!(await repo.markInvitationAccepted(trx, row.id, now.toISOString()))) {
      // Revoked (or the inviter demoted) since it was read: say which, as a fresh read would.
      await usableInvitation(trx, input.token, now)
      throw new HttpProblem(
        410,
        'invitation_used',
        'This invitation was already accepted. Sign in with the password you chose.',
      )
    }
    if (await findUserByEmail(trx, row.email)) {
      // Created since the invitation was sent (a sign-up or another admin): the holder of the link
      // owns the address, so telling them is no leak.
      throw new HttpProblem(
        409,
        'email_taken',
        'An account with this e-mail address already exists. Sign in, or reset your password.',
      )
    }
    const user = await createUserWithPassword(
      { database: { ...deps.database, db: trx }, clock: deps.clock },
      {
        email: row.email,
        password: input.password,
        first_name: input.first_name,
        last_name: input.last_name,
        role: row.role,
        staffFunctions: parseStaffFunctions(row.staffFunctions),
        verified: true,
      },
    )
    await repo.setAcceptedUser(trx, row.id, user.id)
    // The link proved the address, as a confirmation does: folders shared with it are theirs now.
    await claimPendingShares(trx, user, now)
    await recordAudit(
      trx,
      {
        action: 'invitation.accepted',
        actor: { id: user.id, email: user.email },
        target: { type: 'invitation', id: row.id },
        from,
        details: { role: row.role, staffFunctions: parseStaffFunctions(row.staffFunctions) },
      },
      now,
    )
    return { email: user.email }
  })
}

/**
 * Stops the open invitations of an admin who loses the right to invite (demoted, restricted), inside
 * the transaction that changes their access; each is audited as revoked, by whoever made the change.
 */
export async function revokeInvitationsOf(trx: Db, by: Caller, inviterId: string, now: Date): Promise<void> {
  const revoked = await repo.revokeInvitationsBy(trx, inviterId, now.toISOString())
  for (const row of revoked) {
    await recordAudit(
      trx,
      {
        action: 'invitation.revoked',
        actor: recordedAs(by),
        target: { type: 'invitation', id: row.id },
        from: by.from,
        details: { email: row.email, reason: 'inviter_lost_admin' },
      },
      now,
    )
  }
}
