import { FolderUp, Upload as UploadIcon } from 'lucide-react'
import { useId, useRef } from 'react'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { fromFileList } from './dropped-files'
import { UploadList } from './upload-list'
import type { UploadQueue } from './use-upload-queue'

/**
 * The upload controls of a folder page: pickers for files and for a whole folder (structure kept),
 * then the progress list. Dropping goes through `DropTarget` around the listing, into the same queue.
 */
export function UploadWidget({ uploads, className }: { uploads: UploadQueue; className?: string }) {
  const fileInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const pick = (input: HTMLInputElement) => {
    if (input.files) uploads.add(fromFileList(input.files))
    input.value = ''
  }
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      <h2 id={headingId} className="sr-only">
        Upload files
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
          <UploadIcon aria-hidden /> Choose files
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => folderInput.current?.click()}>
          <FolderUp aria-hidden /> Choose a folder
        </Button>
        <p className="text-sm text-fg-muted">or drop files and folders anywhere on the list below.</p>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          onChange={(e) => pick(e.target)}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          aria-label="Folder to upload"
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(e) => pick(e.target)}
        />
      </div>
      <UploadList uploads={uploads} />
    </section>
  )
}
