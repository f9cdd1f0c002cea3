import { Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_TYPES, type SiteImage } from '../../../shared/contract/site'
import { Button, buttonClasses } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { toast } from '../../components/ui/toast-store'
import { errorMessage, fieldError } from '../../lib/api'
import { cn } from '../../lib/cn'
import { formatBytes } from '../../lib/format'
import { UserSection } from '../admin/user-section'
import { useRemoveSiteImage, useUploadSiteImage } from './site-api'

const TEXT: Record<SiteImage, { title: string; what: string; hint: string }> = {
  logo: {
    title: 'Logo',
    what: 'logo',
    hint: 'Shown in the header beside the name. We keep a copy at most 512 × 512 pixels; transparency is kept.',
  },
  favicon: {
    title: 'Favicon',
    what: 'favicon',
    hint: 'The small icon in browser tabs and bookmarks. We store a 64 × 64 PNG; a square picture works best.',
  },
}

/** Why a chosen file cannot be used, before uploading it; the server decodes it (the real test). */
export function siteImageProblem(file: { type: string; size: number }): string | undefined {
  if (!(SITE_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG, WebP or GIF image.'
  if (file.size === 0) return 'That file is empty. Choose another image.'
  if (file.size > SITE_IMAGE_MAX_BYTES) {
    return `That image is over ${formatBytes(SITE_IMAGE_MAX_BYTES)}. Choose a smaller one.`
  }
  return undefined
}

/** Choose an image, see it, save or cancel; remove the current one. */
export function SiteImageEditor({ kind, current }: { kind: SiteImage; current: string | null }) {
  const text = TEXT[kind]
  const inputId = useId()
  const errorId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const [confirmRemove, setConfirmRemove] = useState(false)

  useEffect(() => {
    if (!file) {
      setPreview(undefined)
      return
    }
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const clearChoice = () => {
    setFile(null)
    if (inputRef.current) inputRef.current.value = ''
  }
  const upload = useUploadSiteImage(kind)
  const remove = useRemoveSiteImage(kind)
  const shown = preview ?? current

  return (
    <UserSection title={text.title}>
      <p className="text-sm text-fg-muted">{text.hint}</p>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="flex size-24 shrink-0 items-center justify-center rounded-md border border-border bg-surface-muted p-2">
          {shown ? (
            <img
              src={shown}
              alt={preview ? `Preview of the new ${text.what}` : `The current ${text.what}`}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="text-center text-xs text-fg-muted">No {text.what}</span>
          )}
        </div>
        <div className="flex flex-col gap-3">
          {file ? (
            <>
              <p className="text-sm text-fg-muted">
                Preview of <span className="font-medium break-all text-fg">{file.name}</span>. Save it to use
                it.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  loading={upload.isPending}
                  onClick={() =>
                    upload.mutate(file, {
                      onSuccess: () => {
                        clearChoice()
                        setProblem(undefined)
                        toast.success(`${text.title} saved`)
                      },
                      onError: (error) => setProblem(fieldError(error, 'image') ?? errorMessage(error)),
                    })
                  }
                >
                  Save {text.what}
                </Button>
                <Button variant="ghost" disabled={upload.isPending} onClick={clearChoice}>
                  Cancel
                </Button>
              </div>
            </>
          ) : (
            <div className="flex flex-wrap gap-2">
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={SITE_IMAGE_TYPES.join(',')}
                className="peer sr-only"
                data-testid={`${kind}-input`}
                aria-describedby={problem ? errorId : undefined}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => {
                  const chosen = event.currentTarget.files?.[0]
                  if (!chosen) return
                  const why = siteImageProblem(chosen)
                  setProblem(why)
                  if (why) event.currentTarget.value = ''
                  else setFile(chosen)
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
                {current ? `Choose a new ${text.what}` : `Choose a ${text.what}`}
              </label>
              {current && (
                <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
                  Remove {text.what}
                </Button>
              )}
            </div>
          )}
          <p className="text-sm text-fg-muted">
            PNG, JPEG, WebP or GIF, up to {formatBytes(SITE_IMAGE_MAX_BYTES)}.
          </p>
          {problem && (
            <p id={errorId} role="alert" className="text-sm font-medium text-danger-text">
              {problem}
            </p>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={`Remove the ${text.what}?`}
        description={
          kind === 'logo' ? 'The built-in mark shows instead.' : 'Browsers show the built-in icon instead.'
        }
        confirmLabel={`Remove ${text.what}`}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmRemove(false)
              toast.success(`${text.title} removed`)
            },
            onError: (error) => {
              setConfirmRemove(false)
              toast.error(`The ${text.what} was not removed`, errorMessage(error))
            },
          })
        }
      />
    </UserSection>
  )
}
