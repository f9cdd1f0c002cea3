import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import type { SessionSummary } from '../../../../shared/contract/accounts'
import { Button } from '../../../components/ui/button'
import { Card, CardHeader } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { endOtherSessions, endSession, fetchSessions } from '../accounts-api'
import { describeDevice } from './device-label'
import { sessionsKey, useSession } from './session'
import { SessionRow } from './session-row'
import { useSignOut } from './sign-out'

/** Where the user is signed in; any other session can be ended, and this one signed out. */
export function SessionsList() {
  const titleId = useId()
  const queryClient = useQueryClient()
  // Signed-in only: switched off the moment the user signs out, so it never asks as nobody.
  const signedIn = useSession().status === 'authenticated'
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => fetchSessions(signal),
    enabled: signedIn,
  })
  const [ending, setEnding] = useState<SessionSummary>()
  const signOut = useSignOut()
  const others = sessions.data?.filter((session) => !session.current).length ?? 0
  const end = useMutation({
    mutationFn: (session: SessionSummary) => endSession(session.id),
    onSuccess: async (_, session) => {
      setEnding(undefined)
      await queryClient.invalidateQueries({ queryKey: sessionsKey })
      toast.success('Session ended', `${describeDevice(session.userAgent)} is signed out.`)
    },
    onError: (error) => {
      setEnding(undefined)
      toast.error('The session was not ended', errorMessage(error))
    },
  })

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Where you are signed in"
        description="If you do not recognise a device, end its session and change your password."
      />
      {sessions.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span role="status" className="sr-only">
            Loading your sessions
          </span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : sessions.isError ? (
        <EmptyState
          tone="danger"
          icon={TriangleAlert}
          headingLevel="h3"
          title="Your sessions could not be loaded"
          description={errorMessage(sessions.error)}
          action={
            <Button variant="secondary" loading={sessions.isFetching} onClick={() => sessions.refetch()}>
              Try again
            </Button>
          }
        />
      ) : sessions.data.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          title="No sessions"
          description="You are not signed in anywhere else."
        />
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                signingOut={signOut.isPending}
                onSignOut={() => signOut.mutate()}
                onEnd={setEnding}
              />
            ))}
          </ul>
          {others > 0 ? <SignOutOthers others={others} /> : null}
        </>
      )}
      <ConfirmDialog
        open={ending !== undefined}
        onOpenChange={(open) => {
          if (!open) setEnding(undefined)
        }}
        title="End this session?"
        description={
          ending
            ? `${describeDevice(ending.userAgent)} will be signed out and has to sign in again to get back in.`
            : undefined
        }
        confirmLabel="End session"
        destructive
        pending={end.isPending}
        onConfirm={() => ending && end.mutate(ending)}
      />
    </Card>
  )
}

/** "Sign out of other sessions": every session but this one ends, after a confirmation. */
function SignOutOthers({ others }: { others: number }) {
  const queryClient = useQueryClient()
  const [endingOthers, setEndingOthers] = useState(false)
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async ({ ended }) => {
      setEndingOthers(false)
      await queryClient.invalidateQueries({ queryKey: sessionsKey })
      toast.success(
        'Signed out everywhere else',
        ended === 1 ? 'One other session ended.' : `${ended} other sessions ended.`,
      )
    },
    onError: (error) => {
      setEndingOthers(false)
      toast.error('The other sessions were not ended', errorMessage(error))
    },
  })
  return (
    <div>
      <Button variant="secondary" onClick={() => setEndingOthers(true)}>
        Sign out of other sessions
      </Button>
      <ConfirmDialog
        open={endingOthers}
        onOpenChange={setEndingOthers}
        title="Sign out of other sessions?"
        description={`Every device but this one (${others === 1 ? 'one session' : `${others} sessions`}) will be signed out and has to sign in again to get back in.`}
        confirmLabel="Sign out of other sessions"
        destructive
        pending={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
      />
    </div>
  )
}
