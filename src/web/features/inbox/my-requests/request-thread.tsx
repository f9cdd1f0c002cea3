import { MessageSquareText, Store, User } from 'lucide-react'
import type { MyRequest } from '../../../../shared/contract/my-requests'
import { cn } from '../../../lib/cn'
import { formatDateTime } from '../../../lib/format'

// One request's conversation as its sender sees it: what they first wrote, then the business's
// replies and their own answers, oldest first.

export function RequestThread({ request }: { request: MyRequest }) {
  return (
    <ol aria-label="Conversation" className="flex flex-col gap-3">
      <li className="rounded-lg border border-border bg-surface p-3 text-sm">
        <div className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-fg-muted">
          <MessageSquareText aria-hidden="true" className="size-4" />
          <span className="font-medium text-fg">You</span>
          <span>wrote</span>
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
        </div>
        <p className="whitespace-pre-wrap break-words text-fg">{request.message}</p>
      </li>
      {request.messages.map((m) => {
        const staff = m.from === 'staff'
        const Icon = staff ? Store : User
        return (
          <li
            key={m.id}
            className={cn(
              'rounded-lg border p-3 text-sm',
              staff ? 'border-accent bg-accent-soft/40' : 'border-border bg-surface',
            )}
          >
            <div className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-fg-muted">
              <Icon aria-hidden="true" className="size-4" />
              <span className="font-medium text-fg">{staff ? m.author : 'You'}</span>
              <span>{staff ? 'replied' : 'answered'}</span>
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </div>
            <p className="whitespace-pre-wrap break-words text-fg">{m.body}</p>
          </li>
        )
      })}
    </ol>
  )
}
