import { Ban, LockOpen } from 'lucide-react'
import { useState } from 'react'
import type { AdminUserDetail } from '../../../shared/contract/admin-users'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { toast } from '../../components/ui/toast-store'
import { useUpdateUserAccess } from './admin-users-api'
import { UserSection } from './user-section'

/** Restrict (suspend) or lift it, each after a confirmation. */
export function UserRestriction({ user }: { user: AdminUserDetail }) {
  const [confirming, setConfirming] = useState(false)
  const update = useUpdateUserAccess(user.id)
  const restricting = !user.isRestricted

  const confirm = () =>
    update.mutate(
      { isRestricted: restricting },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.isRestricted ? 'Account restricted' : 'Restriction lifted',
            saved.isRestricted
              ? `${saved.name} has been signed out everywhere and cannot sign in.`
              : `${saved.name} can sign in again.`,
          ),
        onSettled: () => setConfirming(false),
      },
    )

  return (
    <UserSection title="Restriction">
      <div className="flex flex-wrap items-center gap-2">
        {user.isRestricted ? (
          <Badge variant="danger">Restricted</Badge>
        ) : (
          <Badge variant="success">Active</Badge>
        )}
        <p className="text-sm text-fg-muted">
          {user.isRestricted
            ? 'Cannot sign in. Their data, orders and folders are kept.'
            : 'Can sign in and use everything their role allows.'}
        </p>
      </div>
      {update.isError && (
        <ProblemAlert
          title={restricting ? 'Could not restrict this account' : 'Could not lift the restriction'}
          error={update.error}
        />
      )}
      {user.abilities.restrict ? (
        <div>
          {restricting ? (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Ban aria-hidden="true" />
              Restrict account
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              <LockOpen aria-hidden="true" />
              Lift restriction
            </Button>
          )}
        </div>
      ) : (
        <p className="text-sm text-fg-muted">
          You cannot restrict this account: admins cannot restrict themselves or the last admin.
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={restricting ? `Restrict ${user.name}?` : `Lift the restriction on ${user.name}?`}
        description={
          restricting
            ? 'They are signed out everywhere at once and cannot sign in until you lift it. Their data, orders and folders stay as they are.'
            : 'They can sign in again with their password or connected providers.'
        }
        confirmLabel={restricting ? 'Restrict account' : 'Lift restriction'}
        destructive={restricting}
        pending={update.isPending}
        onConfirm={confirm}
      />
    </UserSection>
  )
}
