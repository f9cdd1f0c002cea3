import { Checkbox } from '../../../components/ui/checkbox'
import { UserSection } from '../../admin/user-section'
import { EbookFilePicker } from './ebook-file-picker'
import type { InboxSettingsDraft } from './inbox-settings-draft'

/** The e-book: which file is sent, and whether it is published (only ever with a file). */
export function EbookSettingsSection({
  draft,
  onChange,
  fileError,
  publishError,
}: {
  draft: InboxSettingsDraft
  onChange: (fields: Partial<InboxSettingsDraft>) => void
  fileError: string | undefined
  publishError: string | undefined
}) {
  const { ebookFileId: fileId, ebookPublished: published } = draft
  const hasFile = fileId.trim() !== ''
  return (
    <UserSection title="E-book">
      <EbookFilePicker
        value={fileId}
        error={fileError}
        onChange={(ebookFileId) =>
          onChange({ ebookFileId, ebookPublished: ebookFileId.trim() ? published : false })
        }
      />
      <div className="flex items-start gap-3">
        <Checkbox
          id="ebook-published"
          className="mt-0.5"
          checked={hasFile && published}
          disabled={!hasFile}
          aria-describedby="ebook-published-hint"
          aria-invalid={publishError ? true : undefined}
          onChange={(event) => onChange({ ebookPublished: event.target.checked })}
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
  )
}
