import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useRef, useState } from 'react'
import type { FileItem } from '../../../../shared/contract/files-responses'
import { dismissToast, toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { filesApi, filesKeys } from '../files-api'
import type { MenuAction } from '../listing/item-menu'
import { startTusUpload } from '../upload/tus-upload'
import { type ExtensionChange, extensionChange } from './extension-change'
import { ExtensionChangeDialog } from './extension-change-dialog'
import { VersionsDialog } from './versions-dialog'

// The file menu's "Replace…" and "Versions…" (docs/decisions/0088). Replace sends the chosen file's
// bytes as a tus upload with `file_id`: the file keeps its name, its folder is told it was updated,
// and the content it had stays as a version. The hook gives the menu entries and the elements they
// open (the file picker and the dialog), for a listing to place once.

export function useFileVersionActions(): {
  actionsFor: (file: FileItem) => MenuAction[]
  elements: ReactNode
} {
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [replacing, setReplacing] = useState<FileItem | null>(null)
  const [showing, setShowing] = useState<FileItem | null>(null)
  const [asking, setAsking] = useState<{ target: FileItem; chosen: File; change: ExtensionChange } | null>(
    null,
  )

  const rename = (target: FileItem, name: string) =>
    filesApi.renameFile(target.id, name).then(
      () => void queryClient.invalidateQueries({ queryKey: filesKeys.all }),
      (error: unknown) =>
        toast({
          title: `Replaced, but not renamed to “${name}”`,
          description: errorMessage(error),
          variant: 'danger',
        }),
    )

  const replaceWith = (target: FileItem, chosen: File, renameTo?: string) => {
    const progress = toast({ title: `Replacing “${target.filename}”…` })
    startTusUpload(
      chosen,
      { replaceFileId: target.id },
      {
        onProgress: () => {},
        onRetry: () => {},
        onSuccess: () => {
          dismissToast(progress)
          void queryClient.invalidateQueries({ queryKey: filesKeys.all })
          if (renameTo) void rename(target, renameTo)
          toast({
            title: `Replaced “${target.filename}”`,
            description: 'The previous content is kept under Versions.',
            variant: 'success',
          })
        },
        onError: (message) => {
          dismissToast(progress)
          toast({ title: `“${target.filename}” was not replaced`, description: message, variant: 'danger' })
        },
      },
    )
  }

  const actionsFor = (file: FileItem): MenuAction[] => {
    const list: MenuAction[] = []
    if (file.abilities.replace)
      list.push({
        label: 'Replace…',
        onSelect: () => {
          setReplacing(file)
          input.current?.click()
        },
      })
    if (file.abilities.download) list.push({ label: 'Versions…', onSelect: () => setShowing(file) })
    return list
  }

  const elements = (
    <>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label={replacing ? `New content for ${replacing.filename}` : 'New content'}
        data-testid="replace-file-input"
        onChange={(e) => {
          const chosen = e.target.files?.[0]
          e.target.value = ''
          if (!chosen || !replacing) return
          const change = extensionChange(replacing.filename, chosen.name)
          if (change) setAsking({ target: replacing, chosen, change })
          else replaceWith(replacing, chosen)
        }}
      />
      {asking && (
        <ExtensionChangeDialog
          name={asking.target.filename}
          change={asking.change}
          onChoose={(choice) => {
            setAsking(null)
            if (choice === 'keep') replaceWith(asking.target, asking.chosen)
            if (choice === 'rename') replaceWith(asking.target, asking.chosen, asking.change.renamed)
          }}
        />
      )}
      {showing && (
        <VersionsDialog fileId={showing.id} name={showing.filename} onClose={() => setShowing(null)} />
      )}
    </>
  )
  return { actionsFor, elements }
}
