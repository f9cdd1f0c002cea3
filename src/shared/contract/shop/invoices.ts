import { z } from 'zod'
import { isoDateSchema } from '../list'

// Invoices and credit notes (docs/decisions/0126): an order's documents as its pages list them, and
// the period of the accountant's export. Amounts are integer minor units of `currency`.

const documentSummary = {
  id: z.string(),
  /** INV-2026-000123 or CN-2026-000007 */
  number: z.string(),
  issued_at: z.string(),
  currency: z.string(),
  /** Where the PDF downloads, for whoever asked (the buyer's or the staff route). */
  pdf_url: z.string(),
}

export const orderDocumentsSchema = z
  .object({
    /** Null until the order is paid (an order paid before invoices existed: until a refund of it is processed). */
    invoice: z.object({ ...documentSummary, total: z.number() }).nullable(),
    credit_notes: z.array(z.object({ ...documentSummary, amount: z.number() })),
  })
  .meta({ id: 'OrderDocuments' })
export type OrderDocuments = z.infer<typeof orderDocumentsSchema>

export const creditNoteParamsSchema = z.object({ id: z.string().uuid(), noteId: z.string().uuid() })

/** Longest period one export covers, in days (each document is drawn twice: to measure, to send). */
export const DOCUMENT_EXPORT_MAX_DAYS = 366

/** The export's period: whole UTC days, `from` to `to` inclusive. */
export const documentExportQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
  })
  .superRefine((v, ctx) => {
    const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the period on or after its start.' })
    else if (days > DOCUMENT_EXPORT_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Export at most ${DOCUMENT_EXPORT_MAX_DAYS} days at a time.`,
      })
  })
export type DocumentExportQuery = z.infer<typeof documentExportQuerySchema>
