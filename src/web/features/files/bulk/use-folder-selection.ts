import { useEffect, useMemo, useState } from 'react'
import type { ItemType } from '../../../../shared/contract/files'
import { type Entry, entryKey, entryName } from '../listing/entries'
import { emptySelection, keepVisible, type Selection } from './selection'

/**
 * The rows a folder page lists and which are selected: a selection keeps only rows still shown, and
 * another folder starts with nothing selected. `nameOf` names an item for toasts and results.
 */
export function useFolderSelection(folderId: string, entries: readonly Entry[]) {
  const [selection, setSelection] = useState<Selection>(emptySelection)
  const byKey = useMemo(() => new Map(entries.map((e) => [entryKey(e), e])), [entries])
  const order = useMemo(() => entries.map(entryKey), [entries])
  useEffect(() => setSelection((s) => keepVisible(s, order)), [order])
  // biome-ignore lint/correctness/useExhaustiveDependencies: another folder starts with nothing selected.
  useEffect(() => setSelection(emptySelection), [folderId])

  const selected = [...selection.keys].map((k) => byKey.get(k)).filter((e): e is Entry => !!e)
  const nameOf = (type: ItemType, itemId: string) => {
    const e = byKey.get(`${type}:${itemId}`)
    return e ? entryName(e) : type
  }
  const clear = () => setSelection(emptySelection)
  return { selection, setSelection, selected, nameOf, clear }
}
