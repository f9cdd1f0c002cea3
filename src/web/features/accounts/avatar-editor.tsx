import { useMutation } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { AVATAR_MAX_BYTES, type Me } from '../../../shared/contract/accounts'
import { Avatar } from '../../components/ui/avatar'
import { Button, buttonClasses } from '../../components/ui/button'
import { Card, CardHeader } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { toast } from '../../components/ui/toast-store'
import { errorMessage, fieldError } from '../../lib/api'
import { cn } from '../../lib/cn'
import { formatBytes } from '../../lib/format'
import { removeAvatar, uploadAvatar } from './accounts-api'
import { AVATAR_ACCEPT, avatarFileProblem } from './avatar-file'
import { useRefreshAccount } from './session'
import { avatarSrc, initialsOf } from './user-display'

/**
 * The profile picture: choose a file, see it as it will appear (cropped to a circle at the avatar's
 * size), then save or cancel. The server stores a 256×256 copy, which replaces the preview.
 */
export function AvatarEditor({ me }: { me: Me }) {
  const inputId = useId()
  const errorId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const [confirmRemove, setConfirmRemove] = useState(false)
  const refresh = useRefreshAccount()

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

  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async () => {
      await refresh()
      clearChoice()
      toast.success('Profile picture saved')
    },
    onError: (error) => setProblem(fieldError(error, 'image') ?? errorMessage(error)),
  })
  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: async () => {
      await refresh()
      setConfirmRemove(false)
      toast.success('Profile picture removed')
    },
    onError: (error) => {
      setConfirmRemove(false)
      toast.error('The picture was not removed', errorMessage(error))
    },
  })

  const current = avatarSrc(me.image)
  return (
    <Card aria-labelledby={`${inputId}-title`}>
      <CardHeader
        id={`${inputId}-title`}
        title="Profile picture"
        description="Shown next to your name. We crop it to a square and store a 256 × 256 copy."
      />
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar
          src={preview ?? current}
          alt={preview ? 'Preview of your new picture' : current ? 'Your profile picture' : ''}
          fallback={initialsOf(me.name, me.email)}
          size="xl"
        />
        <div className="flex flex-col gap-3">
          {file ? (
            <>
              <p className="text-sm text-fg-muted">
                Preview of <span className="font-medium break-all text-fg">{file.name}</span>. Save it to use
                it.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button loading={upload.isPending} onClick={() => upload.mutate(file)}>
                  Save picture
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
                accept={AVATAR_ACCEPT}
                className="peer sr-only"
                aria-describedby={problem ? errorId : undefined}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => {
                  const chosen = event.currentTarget.files?.[0]
                  if (!chosen) return
                  const why = avatarFileProblem(chosen)
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
                {current ? 'Choose a new picture' : 'Choose a picture'}
              </label>
              {current && (
                <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
                  Remove picture
                </Button>
              )}
            </div>
          )}
          <p className="text-sm text-fg-muted">
            JPEG, PNG, WebP or GIF, up to {formatBytes(AVATAR_MAX_BYTES)}.
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
        title="Remove your profile picture?"
        description="Your initials will show instead. You can upload a picture again at any time."
        confirmLabel="Remove picture"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  )
}
