import { ImageUp, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button, buttonClasses } from '../../components/ui/button'
import { Card, CardHeader } from '../../components/ui/card'
import { toast } from '../../components/ui/toast-store'
import { errorMessage, fieldError } from '../../lib/api'
import { formatBytes } from '../../lib/format'
import { removeCover, uploadCover } from './product-management-api'

interface CoverFieldProps {
  current: { small: string; large: string } | null
  /** Absent for a new product: the chosen picture waits for the product to be created. */
  productId: string | undefined
  pending: File | null
  onPendingChange: (file: File | null) => void
  onUploaded: () => void
  accept: string
  maxBytes: number
}

/** The cover: choose a picture, see it, and upload it (stored at 400 and 1200 px wide). */
export function CoverField({
  current,
  productId,
  pending,
  onPendingChange,
  onUploaded,
  accept,
  maxBytes,
}: CoverFieldProps) {
  const inputId = useId()
  const errorId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!pending) {
      setPreview(undefined)
      return
    }
    const url = URL.createObjectURL(pending)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [pending])

  const choose = (file: File | undefined) => {
    setProblem(undefined)
    if (!file) return
    if (!accept.split(',').includes(file.type))
      return setProblem('Use a JPEG, PNG, WebP, GIF or AVIF picture.')
    if (file.size > maxBytes) return setProblem(`Use a picture under ${formatBytes(maxBytes)}.`)
    onPendingChange(file)
  }

  const upload = async () => {
    if (!pending || !productId) return
    setBusy(true)
    try {
      await uploadCover(productId, pending)
      onPendingChange(null)
      if (inputRef.current) inputRef.current.value = ''
      toast.success('Cover saved')
      onUploaded()
    } catch (error) {
      setProblem(fieldError(error, 'cover_photo') ?? errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    if (!productId) return
    setBusy(true)
    try {
      await removeCover(productId)
      toast.success('Cover removed')
      onUploaded()
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const shown = preview ?? current?.small
  return (
    <Card>
      <CardHeader
        title="Cover picture"
        description="Shown in the shop grid and on the product page. We store web-sized copies."
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="aspect-[4/3] w-full max-w-64 overflow-hidden rounded-md border border-border bg-surface-muted">
          {shown ? (
            <img
              src={shown}
              alt={preview ? 'Preview of the new cover' : 'The current cover'}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-sm text-fg-muted">
              No cover yet
            </div>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <label
            htmlFor={inputId}
            className={buttonClasses({
              variant: 'secondary',
              className: 'cursor-pointer focus-within:ring-2 focus-within:ring-ring',
            })}
          >
            <ImageUp aria-hidden="true" />
            {current || pending ? 'Choose another picture' : 'Choose a picture'}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={accept}
              className="sr-only"
              aria-describedby={problem ? errorId : undefined}
              aria-invalid={problem ? true : undefined}
              onChange={(e) => choose(e.target.files?.[0])}
            />
          </label>
          {pending && productId && (
            <Button onClick={upload} loading={busy}>
              Upload cover
            </Button>
          )}
          {pending && !productId && (
            <p className="text-sm text-fg-muted">Uploaded when you create the product.</p>
          )}
          {pending && (
            <p className="text-sm text-fg-muted">
              {pending.name} · {formatBytes(pending.size)}
            </p>
          )}
          {current && !pending && productId && (
            <Button variant="ghost" onClick={remove} loading={busy}>
              <Trash2 aria-hidden="true" />
              Remove cover
            </Button>
          )}
          {problem && (
            <p id={errorId} role="alert" className="text-sm text-danger-text">
              {problem}
            </p>
          )}
        </div>
      </div>
    </Card>
  )
}
