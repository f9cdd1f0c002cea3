import { useId } from 'react'
import { Input } from '../../../components/ui/input'

/**
 * How to mount Depot as a drive over WebDAV (docs/decisions/0091): the address, and that the password
 * is an access token (read and write to change files), never the account password.
 */
export function ConnectAsDrive() {
  const titleId = useId()
  const addressId = useId()
  const address = `${window.location.origin}/dav/`
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 border-t pt-4">
      <h3 id={titleId} className="font-semibold">
        Connect as a drive
      </h3>
      <p className="text-sm text-muted-foreground">
        Mount My folders, Shared with me and Public in Finder, Windows Explorer or any WebDAV app (rclone,
        davfs2). Use any user name, and an access token from this page as the password; your account password
        does not work there. A read-only token mounts the drive read only.
      </p>
      <label htmlFor={addressId} className="text-sm font-medium">
        WebDAV address
      </label>
      <Input
        id={addressId}
        readOnly
        value={address}
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
    </section>
  )
}
