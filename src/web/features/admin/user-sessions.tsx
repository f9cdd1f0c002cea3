import { LogOut } from 'lucide-react'
import { useState } from 'react'
import type { AdminUserDetail } from '../../../shared/contract/admin-users'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { toast } from '../../components/ui/toast-store'
import { useEndUserSessions } from './admin-users-api'
import { UserSection } from './user-section'

/** How many sessions the user has, and "sign out everywhere" after a confirmation. */
export function UserSessions({ user }: { user: AdminUserDetail }) {
  const [confirming, setConfirming] = useState(false)
  const end = useEndUserSessions(user.id)
  const count = user.sessions

  const confirm = () =>
    end.mutate(undefined, {
      onSuccess: ({ ended }) =>
        toast.success('Signed out everywhere', `${ended} ${ended === 1 ? 'session' : 'sessions'} ended.`),
      onSettled: () => setConfirming(false),
    })

  return (
    <UserSection title="Sessions">
      <p className="text-sm text-fg">
        {count === 0
          ? 'Not signed in anywhere.'
          : `Signed in on ${count} ${count === 1 ? 'device' : 'devices'}.`}
      </p>
      {end.isError && <ProblemAlert title="Could not end the sessions" error={end.error} />}
      {user.abilities.endSessions && (
        <div>
          <Button variant="secondary" disabled={count === 0} onClick={() => setConfirming(true)}>
            <LogOut aria-hidden="true" />
            Sign out everywhere
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Sign ${user.name} out everywhere?`}
        description="Every session ends at once. They can sign in again straight away; to stop that, restrict the account."
        confirmLabel="Sign out everywhere"
        destructive
        pending={end.isPending}
        onConfirm={confirm}
      />
    </UserSection>
  )
}
