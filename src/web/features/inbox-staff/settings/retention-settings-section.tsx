import { FormField } from '../../../components/forms/field'
import { Checkbox } from '../../../components/ui/checkbox'
import { Input } from '../../../components/ui/input'
import { UserSection } from '../../admin/user-section'
import type { InboxSettingsDraft } from './inbox-settings-draft'

/** Whether resolved entries are deleted, and after how many days. */
export function RetentionSettingsSection({
  draft,
  onChange,
  daysError,
}: {
  draft: InboxSettingsDraft
  onChange: (fields: Partial<InboxSettingsDraft>) => void
  daysError: string | undefined
}) {
  return (
    <UserSection title="Retention">
      <div className="flex items-start gap-3">
        <Checkbox
          id="retention-on"
          className="mt-0.5"
          checked={draft.retentionOn}
          onChange={(event) => onChange({ retentionOn: event.target.checked })}
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
            onChange={(event) => onChange({ retentionDays: event.target.value })}
          />
        </FormField>
      )}
    </UserSection>
  )
}
