import { ImageUp, Trash2 } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardHeader } from '../../../components/ui/card'
import { formatBytes } from '../../../lib/format'
import { type CoverActionsOptions, useCoverActions } from './use-cover-actions'

interface CoverFieldProps extends CoverActionsOptions {
  current: { small: string; large: string } | null
}

/** The cover: choose a picture, see it, and upload it (stored at 400 and 1200 px wide). */
export function CoverField(props: CoverFieldProps) {
  const { current, productId, pending, accept } = props
  const inputId = useId()
  const errorId = useId()
  const [preview, setPreview] = useState<string>()
  const { inputRef, problem, busy, choose, upload, remove } = useCoverActions(props)

  useEffect(() => {
    if (!pending) {
      setPreview(undefined)
      return
    }
    const url = URL.createObjectURL(pending)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [pending])

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
