import type { AppDeps } from '../../../deps'
import { accessTokenExpiring, enqueueMail } from '../../mail'
import { brandOf } from '../../site/brand'
import * as tokens from './access-tokens.repository'

// The e-mail before an access token expires (docs/decisions/0138): a daily job tells each owner, once
// per token, a week ahead, so a mounted drive or a nightly script does not just stop one morning.

const DAY_MS = 24 * 60 * 60 * 1000
/** How long before its expiry a token's owner is told. */
export const TOKEN_EXPIRY_NOTICE_DAYS = 7

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'> & Partial<Pick<AppDeps, 'mailer'>>

/**
 * Mails the owner of every token that expires within TOKEN_EXPIRY_NOTICE_DAYS and was not mailed yet.
 * A token made to last no longer than that (a 7-day token) is left alone: its owner chose a short
 * life knowingly, and would otherwise be told on the day they made it. Each token is marked and its
 * mail queued in one transaction, guarded by the mark, so two runs at once send one mail.
 */
export async function mailExpiringTokens(deps: Deps, signal?: AbortSignal): Promise<{ mailed: number }> {
  const now = deps.clock()
  const db = deps.database.db
  const until = new Date(now.getTime() + TOKEN_EXPIRY_NOTICE_DAYS * DAY_MS)
  const due = (await tokens.listTokensExpiringUnmailed(db, now.toISOString(), until.toISOString())).filter(
    (row) => Date.parse(row.expiresAt) - Date.parse(row.createdAt) > TOKEN_EXPIRY_NOTICE_DAYS * DAY_MS,
  )
  let mailed = 0
  for (const row of due) {
    if (signal?.aborted) break
    const sent = await db.transaction().execute(async (trx) => {
      if (!(await tokens.markTokenExpiryMailed(trx, row.id, now.toISOString()))) return false
      const mail = accessTokenExpiring(await brandOf(trx, deps.env), {
        firstname: row.first_name,
        tokenName: row.name,
        hint: row.hint,
        expiresAt: new Date(row.expiresAt).toISOString(),
      })
      await enqueueMail(trx, { to: row.email, ...mail }, now)
      return true
    })
    if (sent) mailed++
  }
  if (mailed > 0) deps.mailer?.kick()
  return { mailed }
}
