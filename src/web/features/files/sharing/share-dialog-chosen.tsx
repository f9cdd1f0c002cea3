import { SHARE_MESSAGE_MAX } from '../../../../shared/contract/files'
import type { PermissionType } from '../../../../shared/enums'
import { FormField } from '../../../components/forms/field'
import { Button } from '../../../components/ui/button'
import { Select } from '../../../components/ui/select'
import { Textarea } from '../../../components/ui/textarea'
import type { Chosen } from './share-dialog-candidates'
import { LEVEL_LABEL } from './share-levels'

/** The person or address chosen to share with, the level to give them, a message, and the button that shares. */
export function ShareDialogChosen({
  chosen,
  grantable,
  level,
  onLevelChange,
  message,
  onMessageChange,
  pending,
  onShare,
}: {
  chosen: Chosen
  grantable: readonly PermissionType[]
  level: PermissionType
  onLevelChange: (level: PermissionType) => void
  message: string
  onMessageChange: (message: string) => void
  pending: boolean
  onShare: () => void
}) {
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <p className="flex-1 text-sm">
          {chosen.kind === 'person' ? (
            <>
              <span className="font-medium">{chosen.person.name}</span>{' '}
              <span className="text-fg-muted">{chosen.person.email}</span>
            </>
          ) : (
            <span className="font-medium">{chosen.email}</span>
          )}
        </p>
        <FormField label="Level to give">
          <Select value={level} onChange={(e) => onLevelChange(e.target.value as PermissionType)}>
            {grantable.map((l) => (
              <option key={l} value={l}>
                {LEVEL_LABEL[l]}
              </option>
            ))}
          </Select>
        </FormField>
        <Button loading={pending} onClick={onShare}>
          Share
        </Button>
      </div>
      <FormField label="Message (optional)" hint="Sent with the e-mail that tells them.">
        <Textarea
          rows={2}
          maxLength={SHARE_MESSAGE_MAX}
          value={message}
          onChange={(e) => onMessageChange(e.target.value)}
        />
      </FormField>
    </div>
  )
}
