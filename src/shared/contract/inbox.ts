import { z } from 'zod'
import { formatBytes } from '../bytes'
import { INBOX_STATUSES } from '../enums'
import { emailSchema } from './accounts'

// The inbox's public forms (product.md §4): quote request, contact message and e-book request.
// The same schemas validate on the server and in the web forms, so both say the same thing per field.
// Staff tables, settings and privacy are in inbox-staff.ts.

export const INBOX_MAX = {
  name: 100,
  business_name: 200,
  industry: 100,
  phone: 40,
  service: 100,
  subject: 200,
  message: 5000,
} as const

/** How many services the admins' list may hold. */
export const MAX_SERVICES = 50

// Single-line fields end up in mail headers (the subject, the alert's sender) or beside them: CR or LF
// there could start a new header, so they are refused, as is every other control character.
const LINE_BREAK = /[\r\n]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/
// A message keeps its line breaks and tabs; other controls (NUL above all: PostgreSQL refuses it in
// text) are refused.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

function lineText(label: string, max: number) {
  return z
    .string({ error: `Enter ${label}.` })
    .trim()
    .max(max, { error: `Keep ${label} under ${max} characters.` })
    .refine((v) => !LINE_BREAK.test(v), {
      error: `${capital(label)} cannot contain line breaks.`,
      abort: true,
    })
    .refine((v) => !CONTROL.test(v), { error: `${capital(label)} cannot contain control characters.` })
}

function capital(label: string): string {
  const bare = label.replace(/^(your|the|a) /, '')
  return bare.charAt(0).toUpperCase() + bare.slice(1)
}

/** A required single line: trimmed, capped, no CR/LF or other controls. */
export function requiredLine(label: string, max: number) {
  return lineText(label, max).refine((v) => v.length > 0, { error: `Enter ${label}.` })
}

/** An optional single line; blank or missing becomes null. */
export function optionalLine(label: string, max: number) {
  return lineText(label, max)
    .nullish()
    .transform((v) => (v ? v : null))
}

const messageSchema = z
  .string({ error: 'Enter your message.' })
  .trim()
  .min(1, { error: 'Enter your message.' })
  .max(INBOX_MAX.message, { error: `Keep your message under ${INBOX_MAX.message} characters.` })
  .refine((v) => !CONTROL_IN_TEXT.test(v), { error: 'Your message cannot contain control characters.' })

/** Digits, spaces and the usual punctuation of phone numbers; at least 5 digits. */
const phoneSchema = optionalLine('your phone number', INBOX_MAX.phone).refine(
  (v) => v === null || (/^\+?[\d\s().\-/]+$/.test(v) && (v.match(/\d/g) ?? []).length >= 5),
  { error: 'Enter a phone number with digits, spaces and + ( ) - only.' },
)

/**
 * The spam guard's fields, on every public form: `website` is the honeypot (people never see it, so
 * people leave it empty) and `formToken` the signed issue time from GET /api/inbox/form. Neither is
 * ever reported as invalid: a form that fails them is answered as if accepted and dropped.
 */
export const spamGuardFields = {
  website: z.string().optional(),
  formToken: z.string().optional(),
}

export const quoteRequestInputSchema = z
  .object({
    first_name: requiredLine('your first name', INBOX_MAX.name),
    last_name: requiredLine('your last name', INBOX_MAX.name),
    business_name: optionalLine('the business name', INBOX_MAX.business_name),
    industry: optionalLine('the industry', INBOX_MAX.industry),
    email: emailSchema,
    phone: phoneSchema,
    /** One of the services admins list (checked by the server against the current list). */
    service: optionalLine('a service', INBOX_MAX.service),
    message: messageSchema,
    ...spamGuardFields,
  })
  .meta({ id: 'QuoteRequestInput' })
export type QuoteRequestInput = z.input<typeof quoteRequestInputSchema>

export const contactInputSchema = z
  .object({
    first_name: requiredLine('your first name', INBOX_MAX.name),
    /** Optional on the form ("name"); stored as an empty string when not given. */
    last_name: optionalLine('your last name', INBOX_MAX.name).transform((v) => v ?? ''),
    email: emailSchema,
    subject: requiredLine('a subject', INBOX_MAX.subject),
    message: messageSchema,
    ...spamGuardFields,
  })
  .meta({ id: 'ContactInput' })
export type ContactInput = z.input<typeof contactInputSchema>

/** Where an e-book request came from (a page or campaign name), for the mailing tool's Source column. */
export const ebookSourceSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]{0,63}$/, {
    error: 'The source is a short name (letters, digits, - _ . /).',
  })

export const ebookRequestInputSchema = z
  .object({
    email: emailSchema,
    source: ebookSourceSchema.optional(),
    ...spamGuardFields,
  })
  .meta({ id: 'EbookRequestInput' })
export type EbookRequestInput = z.input<typeof ebookRequestInputSchema>

/** The signed-in user's details, to prefill a form (absent for visitors). */
export const formPrefillSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  business_name: z.string().nullable(),
  industry: z.string().nullable(),
})
export type FormPrefill = z.infer<typeof formPrefillSchema>

/** What a public form fetches when it opens. */
export const formSetupSchema = z
  .object({
    /** Send it back as `formToken`; the form is refused as "too fast" before `minFillSeconds`. */
    formToken: z.string(),
    minFillSeconds: z.number().int().min(0),
    /** The services a quote request may name; empty means the form does not ask. */
    services: z.array(z.string()),
    prefill: formPrefillSchema.nullable(),
    /** Whether visitors may ask for the e-book now: admins published it (with a file). */
    ebookAvailable: z.boolean(),
  })
  .meta({ id: 'InboxFormSetup' })
export type FormSetup = z.infer<typeof formSetupSchema>

/** The one answer to every accepted (or silently dropped) submission. */
export const submissionReceivedSchema = z
  .object({ status: z.literal('received'), message: z.string() })
  .meta({ id: 'SubmissionReceived' })

export const QUOTE_RECEIVED_MESSAGE =
  'Thank you. We have your quote request and will reply by e-mail, usually within two working days.'
export const CONTACT_RECEIVED_MESSAGE =
  'Thank you. We have your message and will reply by e-mail, usually within two working days.'
export const EBOOK_REQUESTED_MESSAGE =
  'Check your inbox: we have sent a link to the e-book. It expires in 7 days; ask again any time for a fresh one.'

/** The problem code of a form left open too long: reload it (its token is older than a day). */
export const FORM_EXPIRED_CODE = 'form_expired'

/** The token of an e-mailed e-book link or unsubscribe link. */
export const linkTokenSchema = z.object({
  token: z
    .string({ error: 'This link is incomplete.' })
    .min(10, { error: 'This link is incomplete.' })
    .max(2000),
})

export const EBOOK_DOWNLOAD_STATES = ['ready', 'not_configured'] as const

export const ebookConfirmedSchema = z
  .object({
    status: z.literal('confirmed'),
    email: z.string(),
    /** `not_configured` until an admin chooses the e-book file and file storage is available. */
    download: z.enum(EBOOK_DOWNLOAD_STATES),
  })
  .meta({ id: 'EbookConfirmed' })
export type EbookConfirmed = z.infer<typeof ebookConfirmedSchema>

export const ebookUnsubscribedSchema = z
  .object({ status: z.literal('unsubscribed') })
  .meta({ id: 'EbookUnsubscribed' })

/** Problem codes of the e-book links, for the pages to word their answer. */
export const EBOOK_LINK_EXPIRED_CODE = 'link_expired'
export const EBOOK_LINK_INVALID_CODE = 'link_invalid'
export const EBOOK_NOT_CONFIGURED_CODE = 'ebook_not_configured'
/** The problem code of an e-book request while admins have not published the e-book. */
export const EBOOK_UNAVAILABLE_CODE = 'ebook_unavailable'
export const EBOOK_UNAVAILABLE_MESSAGE = 'The e-book is not available right now. Please come back later.'

export { INBOX_STATUSES }

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
