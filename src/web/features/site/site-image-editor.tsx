import { useState } from 'react'
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_TYPES, type SiteImage } from '../../../shared/contract/site'
import { ImageChoice, useImageChoice } from '../../components/forms/image-choice'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { toast } from '../../components/ui/toast-store'
import { errorMessage, fieldError } from '../../lib/api'
import { formatBytes } from '../../lib/format'
import { UserSection } from '../admin/user-section'
import { useRemoveSiteImage, useUploadSiteImage } from './site-admin-api'

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
  const choice = useImageChoice()
  const [confirmRemove, setConfirmRemove] = useState(false)
  const upload = useUploadSiteImage(kind)
  const remove = useRemoveSiteImage(kind)
  const shown = choice.preview ?? current

  return (
    <UserSection title={text.title}>
      <p className="text-sm text-fg-muted">{text.hint}</p>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="flex size-24 shrink-0 items-center justify-center rounded-md border border-border bg-surface-muted p-2">
          {shown ? (
            <img
              src={shown}
              alt={choice.preview ? `Preview of the new ${text.what}` : `The current ${text.what}`}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="text-center text-xs text-fg-muted">No {text.what}</span>
          )}
        </div>
        <ImageChoice
          choice={choice}
          accept={SITE_IMAGE_TYPES.join(',')}
          check={siteImageProblem}
          hasCurrent={Boolean(current)}
          what={text.what}
          typesHint={`PNG, JPEG, WebP or GIF, up to ${formatBytes(SITE_IMAGE_MAX_BYTES)}.`}
          saving={upload.isPending}
          onSave={(file) =>
            upload.mutate(file, {
              onSuccess: () => {
                choice.clear()
                choice.setProblem(undefined)
                toast.success(`${text.title} saved`)
              },
              onError: (error) => choice.setProblem(fieldError(error, 'image') ?? errorMessage(error)),
            })
          }
          onRemove={() => setConfirmRemove(true)}
          inputTestId={`${kind}-input`}
        />
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
