import { Copy } from 'lucide-react'
import type { AdminUser } from '../../../shared/contract/admin-users'
import { Button } from '../../components/ui/button'
import { toast } from '../../components/ui/toast-store'

/** The users table's bulk action: the selected addresses on the clipboard, ready for a mail "To" line. */
export function CopyEmailsButton({ users, onDone }: { users: readonly AdminUser[]; onDone: () => void }) {
  const copy = async () => {
    const count = users.length
    try {
      await navigator.clipboard.writeText(users.map((user) => user.email).join(', '))
      toast.success(`Copied ${count} e-mail ${count === 1 ? 'address' : 'addresses'}`)
      onDone()
    } catch {
      toast.error('Could not copy', 'Your browser did not allow this page to use the clipboard.')
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()}>
      <Copy aria-hidden="true" />
      Copy e-mail addresses
    </Button>
  )
}
