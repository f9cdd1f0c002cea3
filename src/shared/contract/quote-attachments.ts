import { z } from 'zod'
import { formatBytes } from '../bytes'
import { quoteRequestInputSchema } from './inbox'

// The files a visitor may send with a quote request (artwork, a brief): the limits the form states,
// the web checks before sending and the server enforces while the body streams, from this one place.

export const QUOTE_ATTACHMENTS = {
  /** The multipart field the files come in. */
  field: 'attachments',
  maxFiles: 5,
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 25 * 1024 * 1024,
} as const

/**
 * Kinds a customer's file may not be: programs and scripts a click would run. The same rule keeps them
 * out of e-mailed attachments (inbound mail reading).
 */
export const REFUSED_ATTACHMENT_EXTENSIONS =
  /\.(exe|com|bat|cmd|scr|pif|msi|msp|jar|js|jse|vbs|vbe|wsf|wsh|ps1|psm1|sh|apk|app|dll|cpl|hta|lnk|reg|iso)$/i
export const REFUSED_ATTACHMENT_TYPES =
  /^application\/(x-msdownload|x-msdos-program|x-executable|x-sh|java-archive|x-dosexec)/i

/** The limits in words, for the form's hint. */
export function quoteAttachmentLimitsText(): string {
  const { maxFiles, maxFileBytes, maxTotalBytes } = QUOTE_ATTACHMENTS
  return `Up to ${maxFiles} files, ${formatBytes(maxFileBytes)} each and ${formatBytes(maxTotalBytes)} in all. Programs and scripts are not accepted.`
}

/** Why one file cannot be sent (its kind, or its size), or undefined when it can. */
export function quoteAttachmentProblem(file: { name: string; type: string; size?: number }) {
  if (REFUSED_ATTACHMENT_EXTENSIONS.test(file.name) || REFUSED_ATTACHMENT_TYPES.test(file.type))
    return `${file.name}: programs and scripts are not accepted.`
  if (file.size !== undefined && file.size > QUOTE_ATTACHMENTS.maxFileBytes) return tooLargeProblem(file.name)
  return undefined
}

export const tooLargeProblem = (name: string) =>
  `${name} is larger than ${formatBytes(QUOTE_ATTACHMENTS.maxFileBytes)}: send a smaller file.`
export const tooManyProblem = () => `Attach at most ${QUOTE_ATTACHMENTS.maxFiles} files.`
export const tooMuchProblem = () =>
  `The files come to more than ${formatBytes(QUOTE_ATTACHMENTS.maxTotalBytes)} in all: leave some out.`

/** Every problem with a set of picked files, as the field's messages (empty when they can be sent). */
export function quoteAttachmentsProblems(files: readonly { name: string; type: string; size: number }[]) {
  const problems = files.flatMap((f) => quoteAttachmentProblem(f) ?? [])
  if (files.length > QUOTE_ATTACHMENTS.maxFiles) problems.push(tooManyProblem())
  const total = files.reduce((sum, f) => sum + f.size, 0)
  if (total > QUOTE_ATTACHMENTS.maxTotalBytes) problems.push(tooMuchProblem())
  return problems
}

/**
 * The quote form as the web checks it before sending: the request's fields and the picked files (their
 * name, type and size). The server reads the files from the multipart body and applies the same rules.
 */
export const quoteFormSchema = quoteRequestInputSchema.extend({
  attachments: z
    .array(z.object({ name: z.string(), type: z.string(), size: z.number() }))
    .optional()
    .superRefine((files, ctx) => {
      for (const message of quoteAttachmentsProblems(files ?? [])) ctx.addIssue({ code: 'custom', message })
    }),
})
