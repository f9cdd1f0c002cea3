import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog'
import type { ExtensionChange } from './extension-change'

export type ExtensionChoice = 'keep' | 'rename' | 'cancel'

/** "The new content is a .docx": keep the name, take the new extension, or replace nothing. */
export function ExtensionChangeDialog({
  name,
  change,
  onChoose,
}: {
  name: string
  change: ExtensionChange
  onChoose: (choice: ExtensionChoice) => void
}) {
  const was = change.from ? `a ${change.from} file` : 'a file without an extension'
  return (
    <Dialog open onOpenChange={(open) => !open && onChoose('cancel')}>
      <DialogContent
        title={`The new content is a ${change.to} file`}
        description={`“${name}” is ${was}. Apps open a file by its extension, so the name may no longer fit its content.`}
      >
        <DialogFooter>
          <Button variant="secondary" onClick={() => onChoose('cancel')}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={() => onChoose('keep')}>
            Keep “{name}”
          </Button>
          <Button onClick={() => onChoose('rename')}>Rename to “{change.renamed}”</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
