import type { ItemRef } from '../../../../shared/contract/files'
import { Button } from '../../../components/ui/button'
import type { Entry } from '../listing/entries'
import { refOf } from '../listing/item-actions'

/** What can be done with the selected rows at once: each button only when every selected item allows it. */
export function SelectionBar({
  selected,
  move,
  copy,
  trash,
  onClear,
  partial = false,
}: {
  selected: readonly Entry[]
  /** The listing has entries not loaded yet: "select all" took only the loaded ones, and says so. */
  partial?: boolean
  move: (refs: ItemRef[]) => void
  copy: (refs: ItemRef[]) => void
  trash: (refs: ItemRef[]) => void
  onClear: () => void
}) {
  if (selected.length === 0) return null
  const all = (ability: 'move' | 'copy' | 'trash') => selected.every((e) => e.item.abilities[ability])
  const refs = () => selected.map(refOf)
  return (
    <section
      aria-label="Selection"
      className="sticky top-16 z-20 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface p-2 shadow-sm"
    >
      <span className="px-2 text-sm font-medium">
        {selected.length} selected
        {partial && <span className="font-normal text-fg-muted"> (of the entries loaded so far)</span>}
      </span>
      <Button size="sm" variant="secondary" disabled={!all('move')} onClick={() => move(refs())}>
        Move to…
      </Button>
      <Button size="sm" variant="secondary" disabled={!all('copy')} onClick={() => copy(refs())}>
        Copy to…
      </Button>
      <Button size="sm" variant="danger" disabled={!all('trash')} onClick={() => trash(refs())}>
        Move to trash
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </section>
  )
}
