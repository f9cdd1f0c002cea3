import { MessageSquareText, RotateCw, StickyNote } from 'lucide-react'
import type { InboxMessage } from '../../../../shared/contract/inbox-conversations'
import { ProblemAlert } from '../../../components/forms/problem-alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { formatDateTime } from '../../../lib/format'
import { MarkdownView } from '../../shop/markdown-view'
import type { TriageKind } from '../triage-tables'
import { useThread } from './conversation-api'
import { CustomerMessage } from './customer-message'

const DELIVERY_LABEL = { queued: 'Sending', sent: 'Sent', failed: 'Not delivered' } as const
const DELIVERY_VARIANT = { queued: 'neutral', sent: 'success', failed: 'danger' } as const

/**
 * The replies, notes and the customer's answers on one entry, oldest first: who wrote each, when, and
 * where a reply's e-mail is.
 */
export function Thread({ kind, id }: { kind: TriageKind; id: string }) {
  const thread = useThread(kind, id)
  if (thread.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">Loading the conversation</span>
        <Skeleton className="h-16" />
      </div>
    )
  if (thread.isError)
    return (
      <div className="flex flex-col gap-2">
        <ProblemAlert title="Could not load the conversation" error={thread.error} />
        <div>
          <Button variant="secondary" onClick={() => void thread.refetch()} loading={thread.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </div>
    )
  if (thread.data.items.length === 0) return <p className="text-sm text-fg-muted">No replies or notes yet.</p>
  return (
    <ol aria-label="Conversation" className="flex flex-col gap-3">
      {thread.data.items.map((message) =>
        message.kind === 'customer' ? (
          <CustomerMessage key={message.id} kind={kind} entryId={id} message={message} />
        ) : (
          <ThreadMessage key={message.id} message={message} />
        ),
      )}
    </ol>
  )
}

function ThreadMessage({ message }: { message: InboxMessage }) {
  const note = message.kind === 'note'
  const Icon = note ? StickyNote : MessageSquareText
  return (
    <li
      className={cn(
        'rounded-lg border p-3 text-sm',
        note ? 'border-border bg-warning-soft' : 'border-border bg-surface',
      )}
    >
      <div className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-fg-muted">
        <Icon aria-hidden="true" className="size-4" />
        <span className="font-medium text-fg">{message.author.name}</span>
        <span>{note ? 'added an internal note' : 'replied'}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        {message.delivery && (
          <Badge variant={DELIVERY_VARIANT[message.delivery]}>{DELIVERY_LABEL[message.delivery]}</Badge>
        )}
      </div>
      {note ? (
        <p className="whitespace-pre-wrap break-words text-fg">{message.body}</p>
      ) : (
        // A reply reads here as the customer read it: its Markdown rendered, as in the e-mail.
        <MarkdownView source={message.body} className="break-words" />
      )}
    </li>
  )
}
