import { useId, useState } from 'react'
import type { CreatedAccessToken } from '../../../../shared/contract/access-tokens'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardHeader } from '../../../components/ui/card'
import { errorMessage } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { useCreateAccessToken } from '../access-tokens/access-tokens-api'
import { useSession } from '../sessions/session'
import { LinuxGuide, MacGuide, WindowsGuide } from './connect-drive-guides'
import { CopyField } from './copy-field'

/** A drive password lives a year (the longest a token may); the owner is mailed a week before it ends. */
const DRIVE_PASSWORD_DAYS = 365

/**
 * How to mount Depot as a drive over WebDAV (docs/decisions/0091, 0138): the address to copy, a drive
 * password made with one button (a read-and-write access token, shown once), and a guide for each
 * system written with the real address and the user's e-mail.
 */
export function ConnectAsDrive() {
  const titleId = useId()
  const address = `${window.location.origin}/dav/`
  const userName = useSession().user?.email ?? 'your e-mail address'
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Connect as a drive"
        description="Open My folders, Shared with me and Public in Finder, Windows Explorer or any WebDAV app, like a disk. You need three things: the address below, your e-mail as the user name, and a drive password. Your account password does not work there."
      />
      <CopyField label="WebDAV address" noun="the drive address" value={address} />
      <CopyField label="User name" noun="the user name" value={userName} />
      <DrivePassword />
      <div className="flex flex-col gap-2">
        <MacGuide address={address} userName={userName} />
        <WindowsGuide address={address} userName={userName} />
        <LinuxGuide address={address} userName={userName} />
      </div>
    </Card>
  )
}

/** One button for a read-and-write token named for the drive; its secret is shown this once. */
function DrivePassword() {
  const create = useCreateAccessToken()
  const [made, setMade] = useState<CreatedAccessToken>()
  const make = () =>
    create.mutate(
      {
        name: `Drive on ${formatDate(new Date())}`,
        scope: 'read-write',
        expiresInDays: DRIVE_PASSWORD_DAYS,
      },
      { onSuccess: setMade },
    )
  if (made) {
    return (
      <Alert
        variant="success"
        title={`Drive password “${made.name}” made`}
        action={
          <Button size="sm" variant="secondary" onClick={() => setMade(undefined)}>
            Done
          </Button>
        }
      >
        <p className="mb-2">
          Use it as the password when your computer asks, instead of your account password. Copy it now: it is
          not shown again. It lets the drive read and change your files until {formatDate(made.expiresAt)}; we
          e-mail you a week before. Revoke it under Access tokens if the computer is lost.
        </p>
        <CopyField label="Drive password" noun="the drive password" value={made.token} />
      </Alert>
    )
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <p className="text-sm text-fg-muted">
        A drive password is an access token that can read and change your files, lasting a year. Make one for
        each computer, so you can revoke one without the others.
      </p>
      <Button variant="secondary" loading={create.isPending} onClick={make}>
        Make a drive password
      </Button>
      {create.isError && (
        <Alert variant="danger" title="The drive password was not made">
          {errorMessage(create.error)}
        </Alert>
      )}
    </div>
  )
}
