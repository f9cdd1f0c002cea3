import { Copy } from 'lucide-react'
import type { AdminUser } from '../../../shared/contract/admin-users'
import { Button } from '../../components/ui/button'
import { copyText } from '../../components/ui/copy-text'

/** The users table's bulk action: the selected addresses on the clipboard, ready for a mail "To" line. */
export function CopyEmailsButton({ users, onDone }: { users: readonly AdminUser[]; onDone: () => void }) {
  const copy = async () => {
    const count = users.length
    const copied = await copyText(
      users.map((user) => user.email).join(', '),
      `Copied ${count} e-mail ${count === 1 ? 'address' : 'addresses'}`,
      'Export the table as CSV to take the addresses instead.',
    )
    if (copied) onDone()
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()}>
      <Copy aria-hidden="true" />
      Copy e-mail addresses
    </Button>
  )
}
