import { Copy, Download, Eye, FolderInput, Pencil, Share2, Trash2 } from 'lucide-react'
import type { ItemRef } from '../../../../shared/contract/files'
import { downloadUrl } from '../paths'
import type { Entry } from './entries'
import type { MenuAction } from './item-menu'

/** What a page can do with an item; an action is offered when the page handles it and the item allows it. */
export interface ItemHandlers {
  open?: (entry: Entry & { type: 'file' }) => void
  rename?: (entry: Entry) => void
  move?: (refs: ItemRef[]) => void
  copy?: (refs: ItemRef[]) => void
  share?: (entry: Entry & { type: 'folder' }) => void
  trash?: (refs: ItemRef[]) => void
  /** More file actions after Download (Replace…, Versions…, Share link…). */
  fileExtras?: (file: Entry & { type: 'file' }) => MenuAction[]
}

export const refOf = (e: Entry): ItemRef => ({ type: e.type, id: e.item.id })

/**
 * An item's menu, in one order everywhere: Open, Download, Rename, Move, Copy, Share, then Move to
 * trash. `suffix` names the item in the labels when the menu is not on its row ("Rename folder").
 */
export function itemActions(entry: Entry, on: ItemHandlers, suffix = ''): MenuAction[] {
  const can = entry.item.abilities as Record<string, boolean | undefined>
  const ref = refOf(entry)
  const list: MenuAction[] = []
  if (entry.type === 'file') {
    const open = on.open
    if (open) list.push({ label: 'Open', icon: Eye, onSelect: () => open(entry) })
    if (can.download) list.push({ label: 'Download', icon: Download, download: downloadUrl(entry.item.id) })
    if (on.fileExtras) list.push(...on.fileExtras(entry))
  }
  const { rename, move, copy, share, trash } = on
  if (rename && can.rename)
    list.push({ label: `Rename${suffix}`, icon: Pencil, onSelect: () => rename(entry) })
  if (move && can.move)
    list.push({ label: `Move${suffix} to…`, icon: FolderInput, onSelect: () => move([ref]) })
  if (copy && can.copy) list.push({ label: `Copy${suffix} to…`, icon: Copy, onSelect: () => copy([ref]) })
  if (entry.type === 'folder' && share && can.share)
    list.push({ label: 'Share…', icon: Share2, onSelect: () => share(entry) })
  if (trash && can.trash)
    list.push({ label: 'Move to trash', icon: Trash2, destructive: true, onSelect: () => trash([ref]) })
  return list
}
