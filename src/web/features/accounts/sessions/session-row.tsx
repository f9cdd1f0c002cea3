import { Monitor, Smartphone } from 'lucide-react'
import type { SessionSummary } from '../../../../shared/contract/accounts'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { formatDate, formatDateTime } from '../../../lib/format'
import { describeDevice, isMobileDevice } from './device-label'

/** One place the user is signed in: the device, when it was last active, and how to end it. */
export function SessionRow({
  session,
  signingOut,
  onSignOut,
  onEnd,
}: {
  session: SessionSummary
  /** This device's sign-out is under way. */
  signingOut: boolean
  /** Signs this device out (the current session). */
  onSignOut: () => void
  /** Asks to end another session. */
  onEnd: (session: SessionSummary) => void
}) {
  const device = describeDevice(session.userAgent)
  const Icon = isMobileDevice(session.userAgent) ? Smartphone : Monitor
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
          {device}
          {session.current && <Badge variant="accent">This device</Badge>}
        </p>
        <p className="text-sm text-fg-muted">
          Last active {formatDateTime(session.lastSeenAt ?? session.createdAt)} · signed in{' '}
          {formatDate(session.createdAt)}
          {session.ipAddress && <> · {session.ipAddress}</>}
        </p>
      </div>
      {session.current ? (
        <Button variant="secondary" size="sm" loading={signingOut} onClick={onSignOut}>
          Sign out
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`End session: ${device}, last active ${formatDateTime(session.lastSeenAt ?? session.createdAt)}`}
          onClick={() => onEnd(session)}
        >
          End
        </Button>
      )}
    </li>
  )
}
