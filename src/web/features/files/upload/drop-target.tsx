import { Upload as UploadIcon } from 'lucide-react'
import { type DragEvent, type ReactNode, useRef, useState } from 'react'
import { cn } from '../../../lib/cn'
import { fromDataTransfer, type PickedFile } from './dropped-files'

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')

/**
 * A region files and folders can be dropped on: while files are dragged over it, it shows a dashed
 * outline with "Drop to upload to <folder>". A pointer shortcut; the upload buttons do the same by
 * keyboard. Drags of anything else (text, links) pass through.
 */
export function DropTarget({
  folderName,
  onFiles,
  children,
  className,
}: {
  folderName: string
  onFiles: (picked: PickedFile[]) => void
  children: ReactNode
  className?: string
}) {
  const [over, setOver] = useState(false)
  // dragenter and dragleave fire for every child crossed: count them so the outline does not flicker.
  const depth = useRef(0)
  const leave = () => {
    depth.current = 0
    setOver(false)
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the upload buttons do the same by keyboard
    <div
      data-testid="folder-drop-target"
      className={cn('relative', className)}
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        depth.current += 1
        setOver(true)
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
      }}
      onDragLeave={(event) => {
        if (!carriesFiles(event)) return
        depth.current -= 1
        if (depth.current <= 0) leave()
      }}
      onDrop={async (event) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        leave()
        onFiles(await fromDataTransfer(event.dataTransfer))
      }}
    >
      {children}
      {over && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 z-30 flex items-center justify-center rounded-lg border-2 border-dashed border-accent bg-surface/85"
        >
          <p className="flex items-center gap-2 rounded-md bg-surface px-4 py-2 text-base font-medium text-fg shadow-sm">
            <UploadIcon aria-hidden="true" className="size-5" /> Drop to upload to {folderName}
          </p>
        </div>
      )}
    </div>
  )
}
