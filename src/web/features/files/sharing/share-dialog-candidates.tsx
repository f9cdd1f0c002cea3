import type { UseQueryResult } from '@tanstack/react-query'
import type { ShareCandidate, ShareCandidates } from '../../../../shared/contract/files-responses'
import { Alert } from '../../../components/ui/alert'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'

/** Someone found by the lookup, or an e-mail address typed in full (which may or may not have an account). */
export type Chosen = { kind: 'person'; person: ShareCandidate } | { kind: 'address'; email: string }

/** What the share lookup found for the typed text: people to choose, or a full address to share with. */
export function ShareDialogCandidates({
  candidates,
  onChoose,
}: {
  candidates: UseQueryResult<ShareCandidates>
  onChoose: (chosen: Chosen) => void
}) {
  const found = candidates.data
  const nothingFound = found !== undefined && found.items.length === 0 && found.address === null
  return (
    <div aria-live="polite">
      {candidates.isPending ? (
        <Spinner label="Searching" size="sm" />
      ) : candidates.isError ? (
        <Alert variant="danger" title="Could not look this up">
          {errorMessage(candidates.error)}
        </Alert>
      ) : nothingFound ? (
        <p className="text-sm text-fg-muted">
          {found.scope === 'everyone'
            ? 'Nobody found.'
            : 'Nobody you already share with matches. To share with someone new, type their full e-mail address.'}
        </p>
      ) : (
        <ul aria-label="People found" className="flex flex-col rounded-md border border-border">
          {found?.items.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                className="flex w-full flex-col px-3 py-2 text-left text-sm hover:bg-surface-muted"
                onClick={() => onChoose({ kind: 'person', person: u })}
              >
                <span className="font-medium">{u.name}</span>
                <span className="text-fg-muted">{u.email}</span>
              </button>
            </li>
          ))}
          {found?.address && (
            <li>
              <button
                type="button"
                className="flex w-full flex-col px-3 py-2 text-left text-sm hover:bg-surface-muted"
                onClick={() => found.address && onChoose({ kind: 'address', email: found.address })}
              >
                <span className="font-medium">{found.address}</span>
                <span className="text-fg-muted">Share with this e-mail address</span>
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
