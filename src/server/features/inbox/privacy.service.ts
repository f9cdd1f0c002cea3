import { createHash } from 'node:crypto'
import type { PrivacyEraseResult, PrivacyExport } from '../../../shared/contract/inbox-staff'
import type { AppDeps } from '../../deps'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { canHandlePrivacyRequests } from '../../policies/inbox.policy'
import { normalizeEmail } from '../accounts/users.repository'
import { recordAudit } from '../audit/audit.service'
import { eraseEmail, heldForEmail } from './privacy.repository'

// A person's right to see and to erase what we hold about them (product.md §4 "Privacy"): everything
// for one e-mail address across the quote requests, contact messages (with the replies staff sent to
// them) and e-book list, as JSON, and
// erased on an admin's request. The erase also takes the outbox's copies of mails to or from the
// address and the sender's name out of staff notifications. Both are audited with a digest of the
// address, not the address itself (the audit log outlives the erasure).

type Deps = Pick<AppDeps, 'database' | 'clock'>

function emailDigest(email: string): string {
  return createHash('sha256').update(email, 'utf8').digest('hex')
}

function authorize(by: Caller) {
  if (!canHandlePrivacyRequests(by)) throw problems.forbidden()
}

export async function exportPersonalData(deps: Deps, by: Caller, rawEmail: string): Promise<PrivacyExport> {
  authorize(by)
  const email = normalizeEmail(rawEmail)
  const now = deps.clock()
  const held = await heldForEmail(deps.database.db, email)
  await recordAudit(
    deps.database.db,
    {
      action: 'privacy.exported',
      actor: recordedAs(by),
      from: by.from,
      details: {
        emailDigest: emailDigest(email),
        quoteRequests: held.quoteRequests.length,
        contacts: held.contacts.length,
        ebookRequests: held.ebookRequests.length,
        replies: held.replies.length,
      },
    },
    now,
  )
  return {
    email,
    exportedAt: now.toISOString(),
    quoteRequests: held.quoteRequests.map((q) => {
      const files = held.quoteFiles.filter((f) => f.quote_id === q.id)
      if (files.length === 0) return q
      const attachments = files.map((f) => ({
        id: f.id,
        filename: f.filename,
        mimetype: f.mimetype,
        size: Number(f.size),
      }))
      return { ...q, attachments }
    }),
    contacts: held.contacts,
    ebookRequests: held.ebookRequests,
    replies: held.replies.map((r) => ({
      id: r.id,
      inReplyTo: r.quote_id
        ? { type: 'quote' as const, id: r.quote_id }
        : { type: 'contact' as const, id: r.contact_id ?? '' },
      body: r.body,
      authorName: r.author_name,
      sentAt: r.created_at,
    })),
  }
}

export async function erasePersonalData(
  deps: Deps,
  by: Caller,
  rawEmail: string,
): Promise<PrivacyEraseResult> {
  authorize(by)
  const email = normalizeEmail(rawEmail)
  const now = deps.clock()
  const erased = await deps.database.db.transaction().execute(async (trx) => {
    const held = await heldForEmail(trx, email)
    const names = [
      ...new Set(
        [...held.quoteRequests, ...held.contacts]
          .map((r) => `${r.first_name} ${r.last_name}`.trim())
          .filter(Boolean),
      ),
    ]
    const counts = await eraseEmail(trx, email, names, now)
    await recordAudit(
      trx,
      {
        action: 'privacy.erased',
        actor: recordedAs(by),
        from: by.from,
        details: { emailDigest: emailDigest(email), ...counts },
      },
      now,
    )
    return counts
  })
  return { email, erased }
}
