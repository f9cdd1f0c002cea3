import { useQuery } from '@tanstack/react-query'
import { FileText } from 'lucide-react'
import { type OrderDocuments, orderDocumentsSchema } from '../../../../shared/contract/shop/invoices'
import { Alert } from '../../../components/ui/alert'
import { buttonClasses } from '../../../components/ui/button'
import { Card, CardHeader } from '../../../components/ui/card'
import { api } from '../../../lib/api'
import { formatDate, formatMoney } from '../../../lib/format'
import { MY_ORDERS_ENDPOINT, orderKeys, STAFF_ORDERS_ENDPOINT } from './orders-api'

// An order's invoice and credit notes as PDF downloads, on the buyer's and the staff order pages.
// `status` is part of the query key: a payment or a settled refund issues a document, and the order's
// own polling then brings the new list.

export function useOrderDocuments(scope: 'mine' | 'staff', id: string, status: string) {
  const base = scope === 'mine' ? MY_ORDERS_ENDPOINT : STAFF_ORDERS_ENDPOINT
  return useQuery({
    queryKey: [...orderKeys.detail(scope, id), 'documents', status],
    queryFn: ({ signal }) =>
      api.get(`${base}/${encodeURIComponent(id)}/documents`, { signal, schema: orderDocumentsSchema }),
  })
}

function DocumentLink({ href, label, detail }: { href: string; label: string; detail: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm text-fg-muted">{detail}</span>
      <a href={href} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        <FileText aria-hidden="true" />
        {label}
      </a>
    </li>
  )
}

function DocumentList({ documents }: { documents: OrderDocuments }) {
  const { invoice, credit_notes } = documents
  if (!invoice) return <p className="text-sm text-fg-muted">The invoice is issued when the order is paid.</p>
  return (
    <ul className="flex flex-col gap-2">
      <DocumentLink
        href={invoice.pdf_url}
        label={`Download invoice ${invoice.number}`}
        detail={`Invoice ${invoice.number}, ${formatDate(invoice.issued_at)} · ${formatMoney(invoice.total, invoice.currency)}`}
      />
      {credit_notes.map((note) => (
        <DocumentLink
          key={note.id}
          href={note.pdf_url}
          label={`Download credit note ${note.number}`}
          detail={`Credit note ${note.number}, ${formatDate(note.issued_at)} · ${formatMoney(note.amount, note.currency)}`}
        />
      ))}
    </ul>
  )
}

export function OrderDocumentsCard({
  scope,
  orderId,
  status,
}: {
  scope: 'mine' | 'staff'
  orderId: string
  status: string
}) {
  const documents = useOrderDocuments(scope, orderId, status)
  return (
    <Card aria-busy={documents.isPending || undefined}>
      <CardHeader title="Invoice and credit notes" />
      {documents.isPending ? (
        <p className="text-sm text-fg-muted">Loading the documents…</p>
      ) : documents.isError ? (
        <Alert variant="danger" title="The documents could not be loaded">
          Reload the page to try again.
        </Alert>
      ) : (
        <DocumentList documents={documents.data} />
      )}
    </Card>
  )
}
