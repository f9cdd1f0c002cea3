import type { InboxSettings } from '../../../../shared/contract/inbox-staff'
import { Alert } from '../../../components/ui/alert'
import { formatDateTime } from '../../../lib/format'

// The business's mailbox read for customers' answers (decision 0128), as the settings report it: off
// (answers by e-mail are not read), failing (the error, when it was last reached, and that the reader
// retries), or read.

type Mailbox = NonNullable<InboxSettings['mailbox']>

const DOCS = 'docs/deploy.md, “The inbox mailbox”'

/** A mailbox whose last attempt failed: an error newer than its last success. */
export function failing(m: Mailbox['mailboxes'][number]): boolean {
  if (!m.lastError) return false
  return !m.lastSuccessAt || !m.lastErrorAt || m.lastErrorAt >= m.lastSuccessAt
}

export function MailboxStatus({ mailbox }: { mailbox: InboxSettings['mailbox'] }) {
  if (!mailbox) return null
  if (!mailbox.configured)
    return (
      <Alert variant="info" role="note" title="Replies by e-mail are not read">
        No inbox mailbox is configured, so when customers answer a reply from their mail client, the answer
        does not reach the inbox (they can still answer under My requests). The operator sets{' '}
        <code>INBOUND_IMAP_URL</code> to turn it on: see {DOCS}.
      </Alert>
    )
  const broken = mailbox.mailboxes.filter(failing)
  if (broken.length === 0) {
    const last = mailbox.mailboxes
      .map((m) => m.lastSuccessAt)
      .filter((at): at is string => at !== null)
      .sort()
      .at(-1)
    return (
      <p className="text-sm text-fg-muted" role="status">
        Customers’ answers by e-mail are read from the inbox mailbox
        {last ? `; last read ${formatDateTime(last)}.` : '; it has not been read yet.'}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-2">
      {broken.map((m) => (
        <Alert key={m.mailbox} variant="warning" title={`The inbox mailbox (${m.mailbox}) cannot be read`}>
          <p className="break-words">
            {m.lastErrorAt ? `At ${formatDateTime(m.lastErrorAt)}: ` : ''}
            {m.lastError}
          </p>
          <p>
            {m.lastSuccessAt
              ? `It was last reached ${formatDateTime(m.lastSuccessAt)}.`
              : 'It has never been reached.'}{' '}
            Depot keeps retrying (after a second, then waiting longer, up to 5 minutes); customers’ answers
            wait in the mailbox until then. See {DOCS}.
          </p>
        </Alert>
      ))}
    </div>
  )
}
