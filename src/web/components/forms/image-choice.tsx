import { Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { cn } from '../../lib/cn'
import { Button, buttonClasses } from '../ui/button'

/** The image chosen but not saved yet, its preview and what is wrong with it. */
export function useImageChoice() {
  const inputRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string>()
  const [problem, setProblem] = useState<string>()

  useEffect(() => {
    if (!file) {
      setPreview(undefined)
      return
    }
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const clear = () => {
    setFile(null)
    if (inputRef.current) inputRef.current.value = ''
  }
  return { inputRef, file, setFile, preview, problem, setProblem, clear }
}

export type ImageChoiceState = ReturnType<typeof useImageChoice>

/**
 * Choose an image, see it, save or cancel; remove the current one. The preview itself is the
 * caller's (a round avatar, a logo box): it reads `choice.preview`.
 */
export function ImageChoice({
  choice,
  accept,
  check,
  hasCurrent,
  what,
  typesHint,
  saving,
  onSave,
  onRemove,
  inputTestId,
}: {
  choice: ImageChoiceState
  accept: string
  /** Why a chosen file cannot be used, before uploading it (the server decodes it: the real test). */
  check: (file: File) => string | undefined
  hasCurrent: boolean
  /** The image's name in the buttons: "picture" → "Choose a new picture", "Save picture". */
  what: string
  typesHint: string
  saving: boolean
  onSave: (file: File) => void
  onRemove: () => void
  inputTestId?: string
}) {
  const inputId = useId()
  const errorId = useId()
  const { file, problem } = choice
  return (
    <div className="flex flex-col gap-3">
      {file ? (
        <>
          <p className="text-sm text-fg-muted">
            Preview of <span className="font-medium break-all text-fg">{file.name}</span>. Save it to use it.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button loading={saving} onClick={() => onSave(file)}>
              Save {what}
            </Button>
            <Button variant="ghost" disabled={saving} onClick={choice.clear}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <input
            ref={choice.inputRef}
            id={inputId}
            type="file"
            accept={accept}
            className="peer sr-only"
            data-testid={inputTestId}
            aria-describedby={problem ? errorId : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0]
              if (!chosen) return
              const why = check(chosen)
              choice.setProblem(why)
              if (why) event.currentTarget.value = ''
              else choice.setFile(chosen)
            }}
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonClasses({ variant: 'secondary' }),
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
            )}
          >
            <Upload aria-hidden="true" />
            {hasCurrent ? `Choose a new ${what}` : `Choose a ${what}`}
          </label>
          {hasCurrent && (
            <Button variant="ghost" onClick={onRemove}>
              Remove {what}
            </Button>
          )}
        </div>
      )}
      <p className="text-sm text-fg-muted">{typesHint}</p>
      {problem && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-text">
          {problem}
        </p>
      )}
    </div>
  )
}
