import { emailSchema } from '../../../../shared/contract/accounts'
import type { ShareByEmailInput } from '../../../../shared/contract/files'
import type { ShareCandidates } from '../../../../shared/contract/files-responses'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { hitRateLimit } from '../../../lib/rate-limit/rate-limit'
import { shareLookupScope } from '../../../policies/files.policy'
import { canOnFolder } from '../../../policies/folders.policy'
import { findUserByEmail, normalizeEmail } from '../../accounts/users.repository'
import { enqueueMail, folderShared } from '../../mail'
import { brandOf } from '../../site/brand'
import { readableFolder } from '../access/item-access'
import { upsertPendingShare } from './pending-shares.repository'
import { searchContacts, searchEveryone } from './share-candidates.repository'
import { folderAccessList, setGrant } from './sharing.service'

// Finding someone to share a folder with, without revealing who has an account (product.md §8,
// docs/decisions/0042). Super users search everyone. Anyone else finds the people they already share
// with by part of a name or address, or types a full e-mail address: it is offered back as typed, and
// sharing with it answers the same whether or not an account has it. Either way the address gets an
// e-mail: the folder itself, or an invitation to sign up and have it (docs/decisions/0123).

/** Shares by address per caller (not super users) and hour: each one could confirm that an account exists. */
export const SHARE_BY_EMAIL_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 } as const

async function managedFolder(deps: AppDeps, who: SignedInCaller, folderId: string) {
  const found = await readableFolder(deps.database.db, who, folderId)
  if (!canOnFolder(found.access, 'managePermissions'))
    throw problems.forbidden('Only administrators of this folder can share it.')
  return found
}

/** The share dialog's lookup: only for those who may share this folder. */
export async function shareCandidates(
  deps: AppDeps,
  who: SignedInCaller,
  folderId: string,
  q: string,
): Promise<ShareCandidates> {
  await managedFolder(deps, who, folderId)
  const db = deps.database.db
  const scope = shareLookupScope(who)
  const items =
    scope === 'everyone' ? await searchEveryone(db, who.id, q) : await searchContacts(db, who.id, q)
  // A full address is offered back as typed, without looking it up: nothing here depends on whether
  // an account has it (a contact who has it is already among the items).
  const typed = emailSchema.safeParse(q)
  const email = typed.success ? normalizeEmail(typed.data) : null
  const address = email && !items.some((item) => item.email === email) ? email : null
  return { scope, items, address }
}

/**
 * Shares the folder with whoever has the address. The answer is the same whether or not an account
 * has it, is suspended, or is the caller: in those cases nothing happens. Only checks about the caller
 * (may they share here, at this level, this often) can refuse; a refusal about the person is given only
 * when the caller already sees them in the folder's access list.
 */
export async function shareByEmail(
  deps: AppDeps,
  who: SignedInCaller,
  folderId: string,
  input: ShareByEmailInput,
) {
  await managedFolder(deps, who, folderId)
  // The levels the caller may give someone new, by the same grant rule the access list shows.
  const before = await folderAccessList(deps, who, folderId)
  if (!before.grantableLevels.includes(input.permissionType))
    throw problems.forbidden('You can share only up to your own level.')
  if (shareLookupScope(who) === 'contacts') {
    const result = await hitRateLimit(deps.database.db, {
      key: `share:email:${who.id}`,
      ...SHARE_BY_EMAIL_LIMIT,
      now: deps.clock(),
    })
    if (!result.allowed)
      throw problems.rateLimited(
        result.retryAfterSeconds,
        'You have shared with many addresses in a short time. Please try again later.',
      )
  }

  const email = normalizeEmail(input.email)
  // The caller knows their own address: saying so reveals nothing.
  if (email === normalizeEmail(who.email))
    throw problems.validation({ email: ['That is your own address: you already have this folder.'] })
  const answer = { email, permissionType: input.permissionType }
  const target = await findUserByEmail(deps.database.db, email)
  if (!target) {
    await inviteToFolder(deps, who, folderId, { ...input, email })
    return answer
  }
  if (target.isRestricted) return answer
  const listed = before.entries.some((e) => e.user.id === target.id)
  try {
    await setGrant(deps, who, folderId, target.id, {
      permissionType: input.permissionType,
      message: input.message,
    })
  } catch (error) {
    if (listed || !(error instanceof HttpProblem) || error.status >= 500) throw error
  }
  return answer
}

/**
 * An address without an account: the share waits for it (pending-shares.service.ts), and the address is
 * invited to sign up, with the sharer's words.
 */
async function inviteToFolder(
  deps: AppDeps,
  who: SignedInCaller,
  folderId: string,
  input: ShareByEmailInput & { email: string },
) {
  const db = deps.database.db
  const { folder } = await managedFolder(deps, who, folderId)
  const now = deps.clock()
  const signUp = new URL('/sign-up', deps.env.authUrl.origin)
  signUp.searchParams.set('email', input.email)
  signUp.searchParams.set('callbackUrl', `/files/${folderId}`)
  await db.transaction().execute(async (trx) => {
    await upsertPendingShare(trx, {
      id: newId(now.getTime()),
      folder_id: folderId,
      email: input.email,
      permissionType: input.permissionType,
      invited_by: who.id,
      message: input.message || null,
      created_at: now.toISOString(),
    })
    const mail = folderShared(await brandOf(trx, deps.env), {
      firstname: null,
      sharerName: who.name,
      folderName: folder.folder_name,
      level: input.permissionType,
      message: input.message || null,
      link: signUp.href,
      hasAccount: false,
    })
    await enqueueMail(trx, { ...mail, to: input.email }, now)
  })
  deps.mailer.kick()
}
