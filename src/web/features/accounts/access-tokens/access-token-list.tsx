import type { UseMutationResult } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import type { AccessToken } from '../../../../shared/contract/access-tokens'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { formatDate, formatDateTime } from '../../../lib/format'

/**
 * A list of access tokens (never their secrets), each revocable after a confirmation; `revoke` is the
 * owner's or an admin's revoke call, and a toast says how it went.
 */
export function AccessTokenList({
  tokens,
  revoke,
  whose,
}: {
  tokens: readonly AccessToken[]
  revoke: UseMutationResult<void, Error, AccessToken>
  /** Whose scripts stop working, for the confirmation: "Your" or the user's name. */
  whose: string
}) {
  const [confirming, setConfirming] = useState<AccessToken>()
  return (
    <>
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {tokens.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <KeyRound aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                <span className="break-all">{token.name}</span>
                <Badge variant={token.scope === 'read-write' ? 'warning' : 'neutral'}>
                  {token.scope === 'read-write' ? 'Read and write' : 'Read only'}
                </Badge>
                {token.expired && <Badge variant="danger">Expired</Badge>}
              </p>
              <p className="text-sm text-fg-muted">
                <code className="font-mono">{token.hint}…</code> · made {formatDate(token.createdAt)} ·{' '}
                {token.expired ? 'expired' : 'expires'} {formatDate(token.expiresAt)}
              </p>
              <p className="text-sm text-fg-muted">
                {token.lastUsedAt
                  ? `Last used ${formatDateTime(token.lastUsedAt)}${token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}`
                  : 'Never used'}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Revoke access token ${token.name}`}
              onClick={() => setConfirming(token)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => {
          if (!open) setConfirming(undefined)
        }}
        title="Revoke this access token?"
        description={
          confirming
            ? `${whose} scripts using “${confirming.name}” stop working at once. This cannot be undone.`
            : undefined
        }
        confirmLabel="Revoke token"
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          confirming &&
          revoke.mutate(confirming, {
            onSuccess: () => toast.success('Token revoked', `“${confirming.name}” no longer works.`),
            onError: (error) => toast.error('The token was not revoked', errorMessage(error)),
            onSettled: () => setConfirming(undefined),
          })
        }
      />
    </>
  )
}
