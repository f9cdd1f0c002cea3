import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { AVATAR_MAX_BYTES, type Me } from '../../../../shared/contract/accounts'
import { ImageChoice, useImageChoice } from '../../../components/forms/image-choice'
import { Avatar } from '../../../components/ui/avatar'
import { Card, CardHeader } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, fieldError } from '../../../lib/api'
import { formatBytes } from '../../../lib/format'
import { removeAvatar, uploadAvatar } from '../accounts-api'
import { useRefreshAccount } from '../sessions/session'
import { avatarSrc, initialsOf } from '../user-display'
import { AVATAR_ACCEPT, avatarFileProblem } from './avatar-file'

/**
 * The profile picture: choose a file, see it as it will appear (cropped to a circle at the avatar's
 * size), then save or cancel. The server stores a 256×256 copy, which replaces the preview.
 */
export function AvatarEditor({ me }: { me: Me }) {
  const titleId = useId()
  const choice = useImageChoice()
  const [confirmRemove, setConfirmRemove] = useState(false)
  const refresh = useRefreshAccount()
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async () => {
      await refresh()
      choice.clear()
      toast.success('Profile picture saved')
    },
    onError: (error) => choice.setProblem(fieldError(error, 'image') ?? errorMessage(error)),
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
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Profile picture"
        description="Shown next to your name. We crop it to a square and store a 256 × 256 copy."
      />
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar
          src={choice.preview ?? current}
          alt={choice.preview ? 'Preview of your new picture' : current ? 'Your profile picture' : ''}
          fallback={initialsOf(me.name, me.email)}
          size="xl"
        />
        <ImageChoice
          choice={choice}
          accept={AVATAR_ACCEPT}
          check={avatarFileProblem}
          hasCurrent={Boolean(current)}
          what="picture"
          typesHint={`JPEG, PNG, WebP or GIF, up to ${formatBytes(AVATAR_MAX_BYTES)}.`}
          saving={upload.isPending}
          onSave={(file) => upload.mutate(file)}
          onRemove={() => setConfirmRemove(true)}
        />
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
