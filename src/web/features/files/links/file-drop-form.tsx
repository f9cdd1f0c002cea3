import { Upload } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { type DropSender, dropSenderSchema } from '../../../../shared/contract/share-links'
import { FormField } from '../../../components/forms/field'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Input } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { formatBytes } from '../../../lib/format'
import { dropFile } from './share-links-api'

type SenderErrors = Partial<Record<keyof DropSender, string>>

/**
 * A file drop link's page: who is sending (name and e-mail, so the owner knows whose files they got),
 * then the files, sent one after another, each listed with its size once received.
 */
export function FileDrop({ token, name, sharedBy }: { token: string; name: string; sharedBy?: ReactNode }) {
  const [sender, setSender] = useState({ from_name: '', from_email: '' })
  const [errors, setErrors] = useState<SenderErrors>({})
  const [sent, setSent] = useState<{ filename: string; size: number }[]>([])
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const send = async (files: File[]) => {
    const parsed = dropSenderSchema.safeParse(sender)
    if (!parsed.success) {
      const found: SenderErrors = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof DropSender] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    setBusy(true)
    setProblem(undefined)
    try {
      for (const file of files) {
        const result = await dropFile(token, file, parsed.data)
        setSent((list) => [...list, { filename: result.filename, size: file.size }])
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The file was not received.')
    } finally {
      setBusy(false)
    }
  }
  const field = (key: keyof DropSender) => ({
    name: key,
    value: sender[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value
      setSender((s) => ({ ...s, [key]: value }))
      setErrors((all) => ({ ...all, [key]: undefined }))
    },
  })
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <PageTitle title={`Send files to ${name}`} />
      <h1 className="text-2xl font-bold break-all text-fg">Send files to “{name}”</h1>
      {sharedBy}
      <p className="text-sm text-fg-muted">
        The owner receives what you send, with your name and address. You cannot see the folder’s contents.
      </p>
      <FormField label="Your name" error={errors.from_name} required>
        <Input {...field('from_name')} autoComplete="name" />
      </FormField>
      <FormField label="Your e-mail address" error={errors.from_email} required>
        <Input {...field('from_email')} type="email" autoComplete="email" />
      </FormField>
      <label className="flex cursor-pointer flex-col items-center gap-2 rounded-md border border-dashed border-border p-6">
        <Upload aria-hidden="true" />
        <span>Choose files to send</span>
        <input
          type="file"
          multiple
          className="sr-only"
          disabled={busy}
          aria-label="Files to send"
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? [])
            e.currentTarget.value = ''
            if (files.length > 0) void send(files)
          }}
        />
      </label>
      {busy && (
        <div className="flex items-center gap-2 text-fg-muted">
          <Spinner /> Sending…
        </div>
      )}
      {problem && (
        <Alert variant="danger" title="Not sent">
          {problem}
        </Alert>
      )}
      {sent.length > 0 && (
        <Alert variant="success" title="Received">
          <ul>
            {sent.map((f) => (
              <li key={f.filename}>
                {f.filename} · {formatBytes(f.size)}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  )
}
