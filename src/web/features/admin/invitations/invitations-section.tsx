import { Mail } from 'lucide-react'
import { useState } from 'react'
import type { Invitation } from '../../../../shared/contract/invitations'
import { ProblemAlert } from '../../../components/forms/problem-alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast-store'
import { formatDate } from '../../../lib/format'
import { ROLE_LABELS, STAFF_FUNCTION_LABELS } from '../user-labels'
import { UserSection } from '../user-section'
import { useInvitations, useResendInvitation, useRevokeInvitation } from './invitations-api'
import { InviteForm } from './invite-form'

/** The users page's invitations: invite someone, and the open invitations to send again or revoke. */
export function InvitationsSection() {
  const list = useInvitations()
  return (
    <UserSection title="Invite people">
      <p className="text-sm text-fg-muted">
        They receive a link to choose their name and password. Their account starts with the role and staff
        functions you choose here.
      </p>
      <InviteForm />
      <h3 className="text-base font-semibold text-fg">Pending invitations</h3>
      {list.isPending && <Skeleton className="h-16 w-full" />}
      {list.isError && <ProblemAlert title="Could not load the invitations" error={list.error} />}
      {list.data && list.data.items.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Mail aria-hidden="true" className="size-4" /> No pending invitations.
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="flex flex-col divide-y divide-border" aria-label="Pending invitations">
          {list.data.items.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </UserSection>
  )
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation()
  const revoke = useRevokeInvitation()
  const [confirming, setConfirming] = useState(false)
  const functions = invitation.staffFunctions.map((fn) => STAFF_FUNCTION_LABELS[fn]).join(', ')
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-medium break-all text-fg">{invitation.email}</span>
        <span className="text-sm text-fg-muted">
          {ROLE_LABELS[invitation.role]}
          {functions && ` · ${functions}`}
          {invitation.invitedBy && ` · invited by ${invitation.invitedBy}`} · sent{' '}
          {formatDate(invitation.sentAt)}
        </span>
        <span>
          {invitation.status === 'expired' ? (
            <Badge variant="warning">Expired</Badge>
          ) : (
            <Badge variant="accent">Expires {formatDate(invitation.expiresAt)}</Badge>
          )}
        </span>
        {resend.isError && <ProblemAlert title="Could not send it again" error={resend.error} />}
        {revoke.isError && <ProblemAlert title="Could not revoke" error={revoke.error} />}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={resend.isPending}
          aria-label={`Send again to ${invitation.email}`}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () =>
                toast.success('Invitation sent again', `A new link went to ${invitation.email}.`),
            })
          }
        >
          Send again
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Revoke the invitation to ${invitation.email}`}
          onClick={() => setConfirming(true)}
        >
          Revoke
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke this invitation?"
        description={`The link sent to ${invitation.email} stops working. You can invite them again later.`}
        confirmLabel="Revoke invitation"
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(invitation.id, {
            onSuccess: () => {
              setConfirming(false)
              toast.success('Invitation revoked', `${invitation.email} can no longer use the link.`)
            },
          })
        }
      />
    </li>
  )
}
