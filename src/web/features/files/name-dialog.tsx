import { type FormEvent, useRef, useState } from 'react'
import { NAME_PROBLEM_MESSAGES, nameProblem } from '../../../shared/names'
import { FormField } from '../../components/forms/field'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../components/ui/dialog'
import { Input } from '../../components/ui/input'
import { errorMessage, fieldError } from '../../lib/api'

export interface NameDialogProps {
  title: string
  label: string
  submitLabel: string
  initial?: string
  /** A file's name: the first focus selects it without its extension, so typing keeps ".pdf". */
  keepExtension?: boolean
  /** Extra fields (the folder type for super users). */
  children?: React.ReactNode
  onSubmit: (name: string) => Promise<unknown>
  onClose: () => void
}

/** Asks for a file or folder name, checked by the shared name rules before it is sent. */
export function NameDialog({
  title,
  label,
  submitLabel,
  initial = '',
  keepExtension = false,
  children,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const [name, setName] = useState(initial)
  const [local, setLocal] = useState<string | undefined>()
  const [error, setError] = useState<unknown>(null)
  const [pending, setPending] = useState(false)
  const selected = useRef(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = nameProblem(name)
    if (problem) return setLocal(NAME_PROBLEM_MESSAGES[problem])
    setLocal(undefined)
    setPending(true)
    try {
      await onSubmit(name.normalize('NFC'))
      onClose()
    } catch (e) {
      setError(e)
    } finally {
      setPending(false)
    }
  }
  const serverField = fieldError(error, 'folder_name') ?? fieldError(error, 'filename')
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={label} error={local ?? serverField} required>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              onFocus={(e) => {
                if (selected.current) return
                selected.current = true
                e.currentTarget.setSelectionRange(0, keepExtension ? stemLength(name) : name.length)
              }}
              autoFocus
              autoComplete="off"
            />
          </FormField>
          {children}
          {error !== null && !serverField && (
            <Alert variant="danger" title="Not saved">
              {errorMessage(error)}
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" type="button">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** How much of a file name comes before its extension: "report.final.pdf" → 12; ".env" and "notes" whole. */
export function stemLength(name: string): number {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? dot : name.length
}
