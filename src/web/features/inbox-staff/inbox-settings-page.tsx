import { ArrowDown, ArrowUp, Plus, Settings, X } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { InboxSettings, InboxSettingsUpdate } from '../../../shared/contract/inbox-staff'
import { FormField } from '../../components/forms/field'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { SettingsPage } from '../../components/layout/settings-page'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import { Input } from '../../components/ui/input'
import { toast } from '../../components/ui/toast-store'
import { ApiError, fieldError } from '../../lib/api-error'
import { UserSection } from '../admin/user-section'
import { EbookFilePicker } from './ebook-file-picker'
import { useInboxSettings, useUpdateInboxSettings } from './inbox-admin-api'
import { addService, moveService, removeService, servicesErrors } from './services-list'

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

interface Draft {
  services: string[]
  ebookFileId: string
  ebookPublished: boolean
  retentionOn: boolean
  retentionDays: string
}

const draftOf = (s: InboxSettings): Draft => ({
  services: s.services,
  ebookFileId: s.ebookFileId ?? '',
  ebookPublished: s.ebookPublished,
  retentionOn: s.retentionDays !== null,
  retentionDays: s.retentionDays === null ? '365' : String(s.retentionDays),
})

/** Only what differs from the saved settings, so a save never overwrites another admin's other change. */
function changeOf(saved: InboxSettings, draft: Draft): InboxSettingsUpdate | null {
  const change: InboxSettingsUpdate = {}
  if (draft.services.join('\n') !== saved.services.join('\n')) change.services = draft.services
  const file = draft.ebookFileId.trim() || null
  if (file !== saved.ebookFileId) change.ebookFileId = file
  // Never published without a file (the server refuses it too).
  const published = draft.ebookPublished && file !== null
  if (published !== saved.ebookPublished) change.ebookPublished = published
  const days = draft.retentionOn ? Number(draft.retentionDays) : null
  if (days !== saved.retentionDays && !Number.isNaN(days)) change.retentionDays = days
  return Object.keys(change).length > 0 ? change : null
}

function SettingsForm({ saved }: { saved: InboxSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved))
  const [savedVersion, setSavedVersion] = useState(saved)
  if (savedVersion !== saved) {
    setSavedVersion(saved)
    setDraft(draftOf(saved))
  }
  const [newService, setNewService] = useState('')
  const [addError, setAddError] = useState<string>()
  const update = useUpdateInboxSettings()
  const change = changeOf(saved, draft)
  const errors = update.error instanceof ApiError ? update.error.fieldErrors : {}

  const add = () => {
    const result = addService(draft.services, newService)
    setAddError(result.error)
    if (!result.error) {
      setDraft({ ...draft, services: result.list })
      setNewService('')
    }
  }
  const daysInvalid = draft.retentionOn && !/^\d+$/.test(draft.retentionDays.trim())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!change || daysInvalid) return
    update.mutate(change, { onSuccess: () => toast.success('Inbox settings saved') })
  }
  const servicesError = servicesErrors(errors)
  const fileError = fieldError(update.error, 'ebookFileId')
  const publishError = fieldError(update.error, 'ebookPublished')
  const hasFile = draft.ebookFileId.trim() !== ''
  const daysError = daysInvalid ? 'Give a whole number of days.' : fieldError(update.error, 'retentionDays')
  const known = Boolean(servicesError || fileError || publishError || daysError)

  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-6">
      <UserSection title="Services on the quote form">
        <p className="text-sm text-fg-muted">
          Visitors choose one of these when they ask for a quote, in this order. With none, the form does not
          ask.
        </p>
        {draft.services.length === 0 ? (
          <p className="text-sm text-fg-muted italic">No services listed.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border rounded-md border border-border">
            {draft.services.map((service, index) => (
              <li key={service} className="flex items-center gap-2 px-3 py-2 text-sm">
                <span className="flex-1 text-fg">{service}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${service} up`}
                  disabled={index === 0}
                  onClick={() => setDraft({ ...draft, services: moveService(draft.services, index, -1) })}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${service} down`}
                  disabled={index === draft.services.length - 1}
                  onClick={() => setDraft({ ...draft, services: moveService(draft.services, index, 1) })}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${service}`}
                  onClick={() => setDraft({ ...draft, services: removeService(draft.services, index) })}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
        )}
        <div className="flex items-end gap-2">
          <FormField label="New service" error={addError ?? servicesError} className="flex-1">
            <Input
              value={newService}
              maxLength={100}
              onChange={(event) => setNewService(event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the service rather than saving the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault()
                  add()
                }
              }}
            />
          </FormField>
          <Button
            variant="secondary"
            onClick={add}
            className={addError || servicesError ? 'mb-7' : undefined}
          >
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </UserSection>

      <UserSection title="E-book">
        <EbookFilePicker
          value={draft.ebookFileId}
          error={fileError}
          onChange={(ebookFileId) =>
            setDraft({
              ...draft,
              ebookFileId,
              ebookPublished: ebookFileId.trim() ? draft.ebookPublished : false,
            })
          }
        />
        <div className="flex items-start gap-3">
          <Checkbox
            id="ebook-published"
            className="mt-0.5"
            checked={hasFile && draft.ebookPublished}
            disabled={!hasFile}
            aria-describedby="ebook-published-hint"
            aria-invalid={publishError ? true : undefined}
            onChange={(event) => setDraft({ ...draft, ebookPublished: event.target.checked })}
          />
          <label htmlFor="ebook-published" className="text-sm font-medium text-fg">
            Publish the e-book
            <span id="ebook-published-hint" className="block font-normal text-fg-muted">
              {hasFile
                ? 'Visitors who confirm their address can download the chosen file.'
                : 'Choose the file first: the e-book can be published only with a file.'}
            </span>
            {publishError && (
              <span className="block font-medium text-danger-text" role="alert">
                {publishError}
              </span>
            )}
          </label>
        </div>
      </UserSection>

      <UserSection title="Retention">
        <div className="flex items-start gap-3">
          <Checkbox
            id="retention-on"
            className="mt-0.5"
            checked={draft.retentionOn}
            onChange={(event) => setDraft({ ...draft, retentionOn: event.target.checked })}
          />
          <label htmlFor="retention-on" className="text-sm font-medium text-fg">
            Delete resolved quote requests and messages after a number of days
            <span className="block font-normal text-fg-muted">
              Off: they are kept until someone deletes them. Pending entries are never deleted.
            </span>
          </label>
        </div>
        {draft.retentionOn && (
          <FormField label="Days to keep resolved entries" error={daysError} className="max-w-60">
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              value={draft.retentionDays}
              onChange={(event) => setDraft({ ...draft, retentionDays: event.target.value })}
            />
          </FormField>
        )}
      </UserSection>

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
