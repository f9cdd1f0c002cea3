import type { Context } from 'hono'
import {
  QUOTE_ATTACHMENTS,
  quoteAttachmentProblem,
  tooLargeProblem,
  tooManyProblem,
  tooMuchProblem,
} from '../../../shared/contract/inbox'
import type { AppDeps } from '../../deps'
import { readMultipart } from '../../lib/http/multipart-body'
import { HttpProblem } from '../../lib/http/problem'
import { BlobTooLargeError } from '../../lib/storage/storage-errors'

// The files sent with a quote request (decision 0142), read from the form's multipart body as it
// streams: each file goes straight into storage, within the limits of QUOTE_ATTACHMENTS (checked per
// file and in all while the bytes arrive). What breaks a rule is reported under the `attachments`
// field, every file's problem at once; the caller deletes whatever was stored when the request does not
// become a quote request, so nothing is left half-stored.

export interface StoredAttachment {
  key: string
  size: number
  filename: string
  mimetype: string
}

export interface QuoteFormBody {
  fields: Record<string, string>
  stored: StoredAttachment[]
  /** The messages for the `attachments` field; empty when every file was kept. */
  problems: string[]
}

/** Room for the text fields and the parts' headers beside the files. */
const FIELDS_ALLOWANCE = 256 * 1024

/** Reads the form. When it throws, it has already deleted what it stored. */
export async function readQuoteForm(c: Context, deps: Pick<AppDeps, 'storage'>): Promise<QuoteFormBody> {
  const stored: StoredAttachment[] = []
  const problems: string[] = []
  let files = 0
  let total = 0
  try {
    const fields = await readMultipart(
      c,
      {
        maxBodyBytes: QUOTE_ATTACHMENTS.maxTotalBytes + FIELDS_ALLOWANCE,
        maxFields: 20,
        maxFieldBytes: 16 * 1024,
      },
      async (file) => {
        const filename = cleanName(file.filename)
        // A file input left empty sends a part with no name and no bytes: nothing was attached.
        if (file.field !== QUOTE_ATTACHMENTS.field || filename === '') return
        files++
        if (files === QUOTE_ATTACHMENTS.maxFiles + 1) problems.push(tooManyProblem())
        const mimetype = cleanType(file.mimetype)
        const refused = quoteAttachmentProblem({ name: filename, type: mimetype })
        if (refused) problems.push(refused)
        if (refused || files > QUOTE_ATTACHMENTS.maxFiles) return
        const room = QUOTE_ATTACHMENTS.maxTotalBytes - total
        const maxBytes = Math.min(QUOTE_ATTACHMENTS.maxFileBytes, room)
        try {
          const put = await deps.storage.put(file.stream, { maxBytes })
          total += put.size
          stored.push({ key: put.key, size: put.size, filename, mimetype })
        } catch (error) {
          if (!(error instanceof BlobTooLargeError)) throw error
          problems.push(
            maxBytes < QUOTE_ATTACHMENTS.maxFileBytes ? tooMuchProblem() : tooLargeProblem(filename),
          )
        }
      },
    )
    return { fields, stored, problems: [...new Set(problems)] }
  } catch (error) {
    await discardAttachments(deps, stored)
    // Past the cap the body is not read on: the files came to too much, whichever they were.
    if (error instanceof HttpProblem && error.status === 413)
      throw new HttpProblem(413, error.code, error.detail, { [QUOTE_ATTACHMENTS.field]: [tooMuchProblem()] })
    throw error
  }
}

export async function discardAttachments(deps: Pick<AppDeps, 'storage'>, stored: StoredAttachment[]) {
  await Promise.allSettled(stored.map((s) => deps.storage.delete(s.key)))
}

/** The name to keep and offer on download: no path, no line breaks or other controls, 200 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  return (
    base
      // biome-ignore lint/suspicious/noControlCharactersInRegex: taking control characters out is the point
      .replace(/[\u0000-\u001f\u007f]/g, '_')
      .trim()
      .slice(0, 200)
  )
}

/** The type as the client gave it when it looks like one, else "a file of unknown kind". */
function cleanType(type: string): string {
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type)
    ? type
    : 'application/octet-stream'
}
