import { Download, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { PrivacyEraseResult } from '../../../../shared/contract/inbox-staff'
import { AccessProblem, accessProblemStatus } from '../../../components/auth/access-problem'
import { FormField } from '../../../components/forms/field'
import { ProblemAlert } from '../../../components/forms/problem-alert'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast-store'
import { fieldError } from '../../../lib/api-error'
import { UserSection } from '../../admin/user-section'
import { usePrivacyErase, usePrivacyExport } from './inbox-admin-api'
import { downloadJson } from './privacy-download'

/**
 * /admin/privacy: a person asks what we hold about them, or asks us to forget them. Export downloads
 * their quote requests, messages and e-book entry as JSON; erase deletes them (after a confirmation).
 */
export function PrivacyPage() {
  const [email, setEmail] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [erased, setErased] = useState<PrivacyEraseResult | null>(null)
  const exporter = usePrivacyExport()
  const eraser = usePrivacyErase()
  const denied = accessProblemStatus(exporter.error) ?? accessProblemStatus(eraser.error)
  if (denied)
    return (
      <AccessProblem status={denied} need="admin" action="export or erase what the inbox holds for someone" />
    )

  const address = email.trim()
  const localError = address === '' ? 'Give the e-mail address.' : undefined
  const emailError = fieldError(exporter.error, 'email') ?? fieldError(eraser.error, 'email')

  const exportData = (event: FormEvent) => {
    event.preventDefault()
    if (localError) return
    eraser.reset()
    exporter.mutate(address, {
      onSuccess: (data) => {
        downloadJson(data)
        const count = data.quoteRequests.length + data.contacts.length + data.ebookRequests.length
        toast.success('Export downloaded', `${count} ${count === 1 ? 'entry' : 'entries'} for ${data.email}.`)
      },
    })
  }
  const erase = () => {
    exporter.reset()
    eraser.mutate(address, {
      onSuccess: (result) => setErased(result),
      onSettled: () => setConfirming(false),
    })
  }

  return (
    <>
      <PageTitle title="Privacy requests" />
      <PageHeader
        title="Privacy requests"
        description="Export or erase everything the inbox holds for one e-mail address: quote requests, contact messages and the replies sent to them, the e-book list entry and the mails sent to them."
      />
      <div className="flex max-w-2xl flex-col gap-6">
        <UserSection title="Whose data">
          <form onSubmit={exportData} noValidate className="flex flex-col gap-4">
            <FormField label="E-mail address" required error={emailError}>
              <Input
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value)
                  setErased(null)
                }}
              />
            </FormField>
            {exporter.isError && !emailError && (
              <ProblemAlert title="Could not export" error={exporter.error} />
            )}
            {eraser.isError && !emailError && <ProblemAlert title="Could not erase" error={eraser.error} />}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="secondary" loading={exporter.isPending} disabled={!!localError}>
                <Download aria-hidden="true" />
                Download export (JSON)
              </Button>
              <Button variant="danger" disabled={!!localError} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" />
                Erase everything…
              </Button>
            </div>
          </form>
        </UserSection>
        {erased && <ErasedSummary result={erased} />}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Erase everything held for ${address}?`}
        description="Their quote requests, contact messages and e-book list entry are deleted, with the mails sent to them, and their name is removed from staff notifications. This cannot be undone: download the export first if they asked for it."
        confirmLabel="Erase for good"
        destructive
        pending={eraser.isPending}
        onConfirm={erase}
      />
    </>
  )
}

function ErasedSummary({ result }: { result: PrivacyEraseResult }) {
  const { quoteRequests, contacts, ebookRequests, mails } = result.erased
  const total = quoteRequests + contacts + ebookRequests + mails
  return (
    <Alert
      variant={total > 0 ? 'success' : 'info'}
      title={total > 0 ? `Erased for ${result.email}` : `Nothing held for ${result.email}`}
    >
      <ul className="list-inside list-disc text-sm">
        <li>
          {quoteRequests} quote {quoteRequests === 1 ? 'request' : 'requests'}
        </li>
        <li>
          {contacts} contact {contacts === 1 ? 'message' : 'messages'}
        </li>
        <li>
          {ebookRequests} e-book list {ebookRequests === 1 ? 'entry' : 'entries'}
        </li>
        <li>
          {mails} {mails === 1 ? 'mail' : 'mails'} in the outbox
        </li>
      </ul>
    </Alert>
  )
}
