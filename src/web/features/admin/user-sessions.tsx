import { KeyRound, LogOut } from 'lucide-react'
import { useState } from 'react'
import type { AdminUserDetail } from '../../../shared/contract/admin-users'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { toast } from '../../components/ui/toast-store'
import { useUserAccessTokens } from '../accounts/access-tokens/access-tokens-api'
import { useEndUserSessions } from './admin-users-api'
import { UserSection } from './user-section'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * How many sessions the user has, and "sign out everywhere" after a confirmation: sessions only (their
 * access tokens keep working), or sessions and access tokens (decision 0111).
 */
export function UserSessions({ user }: { user: AdminUserDetail }) {
  const [confirming, setConfirming] = useState<'sessions' | 'tokens' | null>(null)
  const end = useEndUserSessions(user.id)
  const tokens = useUserAccessTokens(user.id).data?.length ?? 0
  const count = user.sessions

  const confirm = () =>
    end.mutate(
      { tokens: confirming === 'tokens' },
      {
        onSuccess: ({ ended, tokensRevoked, tokensKept }) =>
          toast.success(
            'Signed out everywhere',
            `${plural(ended, 'session', 'sessions')} ended. ` +
              (tokensKept > 0
                ? `${plural(tokensKept, 'access token still works', 'access tokens still work')}.`
                : `${plural(tokensRevoked, 'access token', 'access tokens')} revoked.`),
          ),
        onSettled: () => setConfirming(null),
      },
    )

  return (
    <UserSection title="Sessions">
      <p className="text-sm text-fg">
        {count === 0 ? 'Not signed in anywhere.' : `Signed in on ${plural(count, 'device', 'devices')}.`}{' '}
        {tokens > 0 &&
          (tokens === 1 ? 'An access token also acts as them.' : `${tokens} access tokens also act as them.`)}
      </p>
      {end.isError && <ProblemAlert title="Could not end the sessions" error={end.error} />}
      {user.abilities.endSessions && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={count === 0} onClick={() => setConfirming('sessions')}>
            <LogOut aria-hidden="true" />
            Sign out everywhere
          </Button>
          <Button
            variant="secondary"
            disabled={count === 0 && tokens === 0}
            onClick={() => setConfirming('tokens')}
          >
            <KeyRound aria-hidden="true" />
            Sign out and revoke tokens
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming === 'tokens'
            ? `Sign ${user.name} out and revoke their access tokens?`
            : `Sign ${user.name} out everywhere?`
        }
        description={
          confirming === 'tokens'
            ? 'Every session ends and every access token stops working at once; scripts using them will need new ones. They can sign in again straight away; to stop that, restrict the account.'
            : `Every session ends at once. Their access tokens keep working${tokens > 0 ? ` (${tokens})` : ''}: to stop those too, use “Sign out and revoke tokens”. They can sign in again straight away; to stop that, restrict the account.`
        }
        confirmLabel={confirming === 'tokens' ? 'Sign out and revoke tokens' : 'Sign out everywhere'}
        destructive
        pending={end.isPending}
        onConfirm={confirm}
      />
    </UserSection>
  )
}
