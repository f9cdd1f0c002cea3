import { Settings } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { InboxSettings } from '../../../../shared/contract/inbox-staff'
import { ProblemAlert } from '../../../components/forms/problem-alert'
import { SettingsPage } from '../../../components/layout/settings-page'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { ApiError, fieldError } from '../../../lib/api-error'
import { EbookSettingsSection } from './ebook-settings-section'
import { useInboxSettings, useUpdateInboxSettings } from './inbox-admin-api'
import { changeOf, draftOf, type InboxSettingsDraft } from './inbox-settings-draft'
import { MailboxStatus } from './mailbox-status'
import { QuoteServicesEditor } from './quote-services-editor'
import { RetentionSettingsSection } from './retention-settings-section'
import { servicesErrors } from './services-list'

/** /admin/inbox-settings: the quote form's services, the e-book file, the retention of resolved entries. */
export function InboxSettingsPage() {
  const settings = useInboxSettings()
  return (
    <SettingsPage
      title="Inbox settings"
      description="What the quote form offers, which file is sent as the e-book, and how long resolved entries are kept."
      icon={Settings}
      settings={settings}
      action="change the inbox settings"
      placeholderClassName="mt-4 h-72"
    >
      {(saved) => <SettingsForm saved={saved} />}
    </SettingsPage>
  )
}

function SettingsForm({ saved }: { saved: InboxSettings }) {
  const [draft, setDraft] = useState<InboxSettingsDraft>(() => draftOf(saved))
  const [savedVersion, setSavedVersion] = useState(saved)
  if (savedVersion !== saved) {
    setSavedVersion(saved)
    setDraft(draftOf(saved))
  }
  const update = useUpdateInboxSettings()
  const change = changeOf(saved, draft)
  const errors = update.error instanceof ApiError ? update.error.fieldErrors : {}
  const edit = (fields: Partial<InboxSettingsDraft>) => setDraft({ ...draft, ...fields })

  const daysInvalid = draft.retentionOn && !/^\d+$/.test(draft.retentionDays.trim())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!change || daysInvalid) return
    update.mutate(change, { onSuccess: () => toast.success('Inbox settings saved') })
  }
  const servicesError = servicesErrors(errors)
  const fileError = fieldError(update.error, 'ebookFileId')
  const publishError = fieldError(update.error, 'ebookPublished')
  const daysError = daysInvalid ? 'Give a whole number of days.' : fieldError(update.error, 'retentionDays')
  const known = Boolean(servicesError || fileError || publishError || daysError)

  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-6">
      <MailboxStatus mailbox={saved.mailbox} />
      <QuoteServicesEditor
        services={draft.services}
        onChange={(services) => edit({ services })}
        error={servicesError}
      />
      <EbookSettingsSection draft={draft} onChange={edit} fileError={fileError} publishError={publishError} />
      <RetentionSettingsSection draft={draft} onChange={edit} daysError={daysError} />

      {update.isError && !known && <ProblemAlert title="Could not save the settings" error={update.error} />}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={update.isPending} disabled={!change}>
          Save settings
        </Button>
        {change && (
          <Button variant="ghost" onClick={() => setDraft(draftOf(saved))} disabled={update.isPending}>
            Undo changes
          </Button>
        )}
      </div>
    </form>
  )
}
