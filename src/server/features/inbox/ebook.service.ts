import type { EbookConfirmed } from '../../../shared/contract/inbox'
import {
  EBOOK_LINK_EXPIRED_CODE,
  EBOOK_LINK_INVALID_CODE,
  EBOOK_NOT_CONFIGURED_CODE,
  EBOOK_UNAVAILABLE_CODE,
  EBOOK_UNAVAILABLE_MESSAGE,
} from '../../../shared/contract/inbox'
import type { AppDeps } from '../../deps'
import { HttpProblem } from '../../lib/http/problem'
import { readSetting } from '../../lib/settings/settings'
import { normalizeEmail } from '../accounts/users.repository'
import { ebookLink, enqueueMail } from '../mail'
import { brandOf } from '../site/brand'
import {
  confirmEbookRequest,
  findEbookFile,
  findEbookRequest,
  unsubscribeEbookRequest,
  upsertEbookRequest,
} from './ebook.repository'
import {
  EBOOK_LINK_DAYS,
  ebookLinkToken,
  readEbookLinkToken,
  readUnsubscribeToken,
  unsubscribeToken,
} from './ebook-links'
import { guardSubmission, type Sender } from './form-guard'
import { EBOOK_ONE_CLICK_PATH, EBOOK_PAGE_PATHS } from './inbox-links'
import { EBOOK_FILE_SETTING, ebookPublished } from './inbox-settings.service'

// The e-book list (product.md §4): a visitor asks with an e-mail address and gets a signed, expiring
// link; the page behind the link confirms the address with a POST (a GET never changes anything, so
// a mail scanner that opens links confirms nothing); every e-book mail can be unsubscribed in one click.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer'>

const DEFAULT_SOURCE = 'website'

/**
 * Records the request (one row per address) and mails a fresh link. A repeat request, for an address
 * on the list or not, confirmed or not, answers the same and mails again: the answer reveals nothing.
 * While the e-book is unpublished every request is refused alike (409 `ebook_unavailable`): nothing
 * is recorded or mailed for a book nobody can download.
 */
export async function requestEbook(
  deps: Deps,
  sender: Sender,
  input: {
    email: string
    source?: string | undefined
    website?: string | undefined
    formToken?: string | undefined
  },
): Promise<void> {
  if (!(await ebookPublished(deps)))
    throw new HttpProblem(409, EBOOK_UNAVAILABLE_CODE, EBOOK_UNAVAILABLE_MESSAGE)
  const email = normalizeEmail(input.email)
  if (!(await guardSubmission(deps, 'ebook', sender, { ...input, email }))) return
  const now = deps.clock()
  const brand = await brandOf(deps.database.db, deps.env)
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await upsertEbookRequest(trx, { email, source: input.source ?? DEFAULT_SOURCE, now })
    const link = ebookLinkToken(deps.env, row.id, now)
    const unsubscribe = unsubscribeToken(deps.env, row.id)
    await enqueueMail(
      trx,
      {
        to: email,
        ...ebookLink(brand, {
          link: `${brand.baseUrl}${EBOOK_PAGE_PATHS.download(link)}`,
          unsubscribeLink: `${brand.baseUrl}${EBOOK_PAGE_PATHS.unsubscribe(unsubscribe)}`,
          expiresInDays: EBOOK_LINK_DAYS,
        }),
        // RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs here, no browser.
        headers: {
          'List-Unsubscribe': `<${brand.baseUrl}${EBOOK_ONE_CLICK_PATH(unsubscribe)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      now,
    )
  })
  deps.mailer.kick()
}

const linkInvalid = () =>
  new HttpProblem(
    400,
    EBOOK_LINK_INVALID_CODE,
    'This link is not valid. Ask for the e-book again to get a new one.',
  )
const linkExpired = () =>
  new HttpProblem(
    400,
    EBOOK_LINK_EXPIRED_CODE,
    `This link has expired (links work for ${EBOOK_LINK_DAYS} days). Ask for the e-book again to get a new one.`,
  )

async function requestFromLink(deps: Pick<Deps, 'database' | 'env' | 'clock'>, token: string) {
  const check = readEbookLinkToken(deps.env, token, deps.clock())
  if (!check.ok) throw check.reason === 'expired' ? linkExpired() : linkInvalid()
  // The row may have been erased or deleted since the link was sent.
  const row = await findEbookRequest(deps.database.db, check.id)
  if (!row) throw linkInvalid()
  return row
}

/**
 * The e-book as it can be sent now: the file admins chose in the settings, while it is published and
 * the file still exists and is not in the trash; undefined otherwise.
 */
async function currentEbookFile(deps: Pick<AppDeps, 'database'>) {
  const fileId = await readSetting(deps.database.db, EBOOK_FILE_SETTING)
  if (!fileId || !(await ebookPublished(deps))) return { fileId, file: undefined }
  const file = await findEbookFile(deps.database.db, fileId)
  return { fileId, file }
}

/** The POST from the link's page: confirms the address (double opt-in). Repeating it changes nothing. */
export async function confirmEbook(deps: Deps, token: string): Promise<EbookConfirmed> {
  const row = await requestFromLink(deps, token)
  await confirmEbookRequest(deps.database.db, row.id, deps.clock())
  const { file } = await currentEbookFile(deps)
  return { status: 'confirmed', email: row.email, download: file ? 'ready' : 'not_configured' }
}

/**
 * The e-book file for a valid link (GET, so it changes nothing: a mail scanner following it confirms
 * nothing). 409 `ebook_not_configured` while no file is chosen, or the chosen one is gone or trashed.
 * The caller streams it (lib/blobs/blob-response.ts) as an attachment.
 */
export async function ebookDownload(deps: Deps, token: string) {
  await requestFromLink(deps, token)
  const { fileId, file } = await currentEbookFile(deps)
  if (!file) {
    throw new HttpProblem(
      409,
      EBOOK_NOT_CONFIGURED_CODE,
      fileId
        ? 'The e-book is not available for download yet. Please try again later.'
        : 'The e-book is not configured yet. Please try again later.',
    )
  }
  return {
    key: file.path,
    size: Number(file.size),
    sha256: file.sha256,
    filename: file.filename,
    mimetype: file.mimetype,
  }
}

/** One-click unsubscribe (RFC 8058) or the page's button. Idempotent; an erased address is a success. */
export async function unsubscribeEbook(deps: Deps, token: string): Promise<void> {
  const id = readUnsubscribeToken(deps.env, token)
  if (!id) throw linkInvalid()
  await unsubscribeEbookRequest(deps.database.db, id, deps.clock())
}
