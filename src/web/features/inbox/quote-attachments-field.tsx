import { Paperclip, X } from 'lucide-react'
import { quoteAttachmentLimitsText } from '../../../shared/contract/inbox'
import { FormField } from '../../components/forms/field'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { formatBytes } from '../../lib/format'

/**
 * The quote form's optional files (artwork, a brief): picked in one go or several, listed with their
 * sizes, each removable; the limits are stated under the field and checked before sending.
 */
export function QuoteAttachmentsField({
  files,
  onChange,
  error,
}: {
  files: File[]
  onChange: (files: File[]) => void
  error: string | undefined
}) {
  return (
    <FormField label="Attachments (optional)" error={error} hint={quoteAttachmentLimitsText()}>
      <Input
        type="file"
        multiple
        className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-surface-muted file:px-3 file:py-1 file:text-sm file:font-medium file:text-fg"
        onChange={(event) => {
          const picked = Array.from(event.currentTarget.files ?? [])
          // Cleared so the same file can be picked again after removing it.
          event.currentTarget.value = ''
          if (picked.length > 0) onChange([...files, ...picked])
        }}
      />
      {files.length > 0 && (
        <ul aria-label="Attached files" className="flex flex-col gap-1 text-sm">
          {files.map((file, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: two picked files may share a name and size
              key={`${file.name}-${file.size}-${index}`}
              className="flex min-w-0 items-center gap-2 rounded-md bg-surface-muted px-2 py-1"
            >
              <Paperclip aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
              <span className="min-w-0 flex-1 break-all text-fg">{file.name}</span>
              <span className="shrink-0 text-fg-muted">{formatBytes(file.size)}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FormField>
  )
}
