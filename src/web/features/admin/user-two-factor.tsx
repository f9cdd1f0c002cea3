import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ShieldOff } from 'lucide-react'
import { useState } from 'react'
import type { AdminUserDetail } from '../../../shared/contract/admin-users'
import { twoFactorResetResultSchema } from '../../../shared/contract/two-factor'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { toast } from '../../components/ui/toast-store'
import { api } from '../../lib/api'
import { useSession } from '../accounts/sessions/session'
import { adminUserKeys } from './admin-users-api'
import { UserSection } from './user-section'

function useResetTwoFactor(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api.delete(`/api/admin/users/${encodeURIComponent(id)}/two-factor`, undefined, {
        schema: twoFactorResetResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(id) }),
  })
}

/**
 * Whether the user has two-factor sign-in, and resetting it (they lost their phone and their recovery
 * codes) after a confirmation. Audited, and the user is e-mailed. Never one's own: that is the profile's.
 */
export function UserTwoFactor({ user }: { user: AdminUserDetail }) {
  const session = useSession()
  const [confirming, setConfirming] = useState(false)
  const reset = useResetTwoFactor(user.id)
  const self = session.user?.id === user.id

  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: () => toast.success('Two-factor sign-in reset', `${user.name} was told by e-mail.`),
      onSettled: () => setConfirming(false),
    })

  return (
    <UserSection title="Two-factor sign-in">
      <p className="flex items-center gap-2 text-sm text-fg">
        {user.twoFactorEnabled ? <Badge variant="success">On</Badge> : <Badge>Off</Badge>}
        {user.twoFactorEnabled
          ? 'Signs in with a code from an authenticator app.'
          : 'Signs in without a second factor.'}
      </p>
      {reset.isError && <ProblemAlert title="Could not reset two-factor sign-in" error={reset.error} />}
      {user.twoFactorEnabled && !self && (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            <ShieldOff aria-hidden="true" />
            Reset two-factor sign-in
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Reset ${user.name}’s two-factor sign-in?`}
        description="Their authenticator and recovery codes stop working, and they can sign in with their password alone until they set it up again. They are told by e-mail. Do this only once you are sure who asked."
        confirmLabel="Reset two-factor sign-in"
        destructive
        pending={reset.isPending}
        onConfirm={confirm}
      />
    </UserSection>
  )
}
