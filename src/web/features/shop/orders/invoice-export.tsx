import { Download } from 'lucide-react'
import { useState } from 'react'
import {
  DOCUMENT_EXPORT_MAX_DAYS,
  documentExportQuerySchema,
} from '../../../../shared/contract/shop/invoices'
import { FormField } from '../../../components/forms/field'
import { buttonClasses } from '../../../components/ui/button'
import { Card, CardHeader } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'

// The accountant's export on the staff orders page: every invoice and credit note issued in a period
// (whole UTC days) as PDFs in one zip with an index.csv. A plain link: the browser's download shows
// its progress (the zip announces its length).

export const INVOICE_EXPORT_ENDPOINT = '/api/staff/invoices/export.zip'

const today = () => new Date().toISOString().slice(0, 10)
const monthStart = () => `${today().slice(0, 8)}01`

/** Each field's message, or none: the contract's own checks. */
function problemsOf(period: { from: string; to: string }): { from?: string; to?: string } {
  const parsed = documentExportQuerySchema.safeParse(period)
  if (parsed.success) return {}
  const out: { from?: string; to?: string } = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'from' || field === 'to') && !out[field]) out[field] = issue.message
  }
  return out
}

export function InvoiceExport() {
  const [period, setPeriod] = useState({ from: monthStart(), to: today() })
  const problems = problemsOf(period)
  const valid = !problems.from && !problems.to
  const href = `${INVOICE_EXPORT_ENDPOINT}?${new URLSearchParams(period)}`
  return (
    <Card aria-labelledby="invoice-export-title">
      <CardHeader
        id="invoice-export-title"
        title="Invoices for your accountant"
        description={`Every invoice and credit note issued in a period (UTC days, at most ${DOCUMENT_EXPORT_MAX_DAYS}), as PDFs in one zip with an index.csv.`}
      />
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="From" error={problems.from} required>
          <Input
            type="date"
            value={period.from}
            onChange={(e) => setPeriod({ ...period, from: e.target.value })}
          />
        </FormField>
        <FormField label="To" error={problems.to} required>
          <Input
            type="date"
            value={period.to}
            onChange={(e) => setPeriod({ ...period, to: e.target.value })}
          />
        </FormField>
        {valid ? (
          <a href={href} download className={buttonClasses({ variant: 'secondary' })}>
            <Download aria-hidden="true" />
            Download invoices (zip)
          </a>
        ) : (
          <span className={buttonClasses({ variant: 'secondary' })} aria-disabled="true">
            <Download aria-hidden="true" />
            Download invoices (zip)
          </span>
        )}
      </div>
    </Card>
  )
}
