import { Send } from 'lucide-react'
import type { AdminSiteIdentity } from '../../../shared/contract/site'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { errorMessage } from '../../lib/api'
import { UserSection } from '../admin/user-section'
import { useSendTestEmail } from './site-admin-api'

/** Who customers see e-mails from, and a sample sent to the admin's own address. */
export function MailSenderSection({ sender }: { sender: AdminSiteIdentity['mailSender'] }) {
  const send = useSendTestEmail()
  return (
    <UserSection title="E-mail sender">
      <p className="text-sm text-fg-muted">
        Customers see your e-mails from{' '}
        <strong className="font-medium text-fg" data-testid="mail-sender">
          {sender.name ? `${sender.name} <${sender.address}>` : sender.address}
        </strong>
        . The name is the business name above; the address is the server’s MAIL_FROM setting.
      </p>
      <div>
        <Button variant="secondary" onClick={() => send.mutate()} loading={send.isPending}>
          <Send aria-hidden="true" />
          Send a test e-mail
        </Button>
      </div>
      {send.isSuccess && (
        <Alert variant="success" title="Test e-mail sent">
          It is on its way to {send.data.to}.
        </Alert>
      )}
      {send.isError && (
        <Alert variant="danger" title="The test e-mail was not sent">
          {errorMessage(send.error)}
        </Alert>
      )}
    </UserSection>
  )
}
