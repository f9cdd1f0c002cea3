// Which rows are selected: a set of entry keys ("folder:<id>", "file:<id>"), with shift-click ranges
// anchored at the last plain click. Pure, so the rules are tested without a browser.

export interface Selection {
  keys: ReadonlySet<string>
  /** The last row toggled without shift: where a shift-click range starts. */
  anchor: string | null
}

export const emptySelection: Selection = { keys: new Set(), anchor: null }

export function toggle(selection: Selection, key: string): Selection {
  const keys = new Set(selection.keys)
  if (keys.has(key)) keys.delete(key)
  else keys.add(key)
  return { keys, anchor: key }
}

/** Shift-click: selects every row between the anchor and `key` (inclusive), in the shown order. */
export function selectRange(selection: Selection, order: readonly string[], key: string): Selection {
  const from = selection.anchor ? order.indexOf(selection.anchor) : -1
  const to = order.indexOf(key)
  if (from < 0 || to < 0) return toggle(selection, key)
  const [start, end] = from < to ? [from, to] : [to, from]
  const keys = new Set(selection.keys)
  for (const k of order.slice(start, end + 1)) keys.add(k)
  return { keys, anchor: selection.anchor }
}

/** The header checkbox: all when not all are selected, none when they are. */
export function toggleAll(selection: Selection, order: readonly string[]): Selection {
  const all = order.length > 0 && order.every((k) => selection.keys.has(k))
  return { keys: all ? new Set() : new Set(order), anchor: null }
}

/** Drops keys no longer shown (after a reload moved or trashed them). */
export function keepVisible(selection: Selection, order: readonly string[]): Selection {
  const shown = new Set(order)
  const keys = [...selection.keys].filter((k) => shown.has(k))
  if (keys.length === selection.keys.size) return selection
  return {
    keys: new Set(keys),
    anchor: selection.anchor && shown.has(selection.anchor) ? selection.anchor : null,
  }
}

export type HeaderState = 'none' | 'some' | 'all'

export function headerState(selection: Selection, order: readonly string[]): HeaderState {
  const n = order.filter((k) => selection.keys.has(k)).length
  if (n === 0) return 'none'
  return n === order.length ? 'all' : 'some'
}
