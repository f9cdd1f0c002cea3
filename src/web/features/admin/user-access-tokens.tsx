import { RotateCw } from 'lucide-react'
import type { AdminUserDetail } from '../../../shared/contract/admin-users'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { Button } from '../../components/ui/button'
import { Skeleton } from '../../components/ui/skeleton'
import { AccessTokenList } from '../accounts/access-tokens/access-token-list'
import { useRevokeUserAccessToken, useUserAccessTokens } from '../accounts/access-tokens/access-tokens-api'
import { UserSection } from './user-section'

/** The user's personal access tokens (never their secrets); an admin can revoke any of them. */
export function UserAccessTokens({ user }: { user: AdminUserDetail }) {
  const tokens = useUserAccessTokens(user.id)
  const revoke = useRevokeUserAccessToken(user.id)
  return (
    <UserSection title="Access tokens">
      {tokens.isPending ? (
        <div aria-busy="true">
          <span role="status" className="sr-only">
            Loading the access tokens
          </span>
          <Skeleton className="h-16 w-full" />
        </div>
      ) : tokens.isError ? (
        <ProblemAlert title="Could not load the access tokens" error={tokens.error} />
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-fg">No access tokens.</p>
      ) : (
        <AccessTokenList tokens={tokens.data} whose={`${user.name}’s`} revoke={revoke} />
      )}
      {tokens.isError && (
        <div>
          <Button variant="secondary" loading={tokens.isFetching} onClick={() => void tokens.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}
    </UserSection>
  )
}
