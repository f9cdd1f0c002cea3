import { type KeyboardEvent, type RefObject, useCallback, useLayoutEffect, useRef } from 'react'

// One tab stop for a whole listing (the WAI-ARIA roving tabindex): Tab enters on the row last used
// (the first at first) and leaves the listing with the next Tab. In the list view the arrow keys go
// up and down the rows and left and right across a row's controls; in the grid, every arrow goes from
// card to card. Enter opens what has focus (links and buttons do that), and the menu key or Shift+F10
// opens the row's actions.

/** Marks a row's main control: the one focus lands on. */
export const ROW_PRIMARY = 'data-row-primary'
/** Marks a row's actions menu button. */
export const ROW_ACTIONS = 'data-row-actions'

const FOCUSABLE = 'a[href], button, input, [tabindex]'

export function useRovingRows(
  container: RefObject<HTMLElement | null>,
  rowSelector: string,
  /** Cards per line in a grid; 0 for a list (left and right then move within the row). */
  columns = 0,
) {
  const active = useRef<Element | null>(null)

  const rows = useCallback(
    () => Array.from(container.current?.querySelectorAll<HTMLElement>(rowSelector) ?? []),
    [container, rowSelector],
  )

  /** Every control out of the tab order but the active row's main one. */
  const settle = useCallback(() => {
    const all = rows()
    const current = all.find((r) => r === active.current) ?? all[0]
    for (const row of all)
      for (const el of row.querySelectorAll<HTMLElement>(FOCUSABLE))
        el.tabIndex = row === current && el.hasAttribute(ROW_PRIMARY) ? 0 : -1
  }, [rows])

  // After every render: rows come and go as the list scrolls (virtual rows) and loads.
  useLayoutEffect(() => settle())

  const onFocus = useCallback(
    (event: { target: EventTarget }) => {
      const row = rowOf(event.target, rowSelector)
      if (!row || row === active.current) return
      active.current = row
      settle()
    },
    [rowSelector, settle],
  )

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      const row = rowOf(event.target, rowSelector)
      if (!row) return
      if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
        event.preventDefault()
        openActions(row)
        return
      }
      const all = rows()
      const at = all.indexOf(row)
      const step = stepFor(event.key, columns)
      if (step === 'within') return moveWithin(event, row)
      if (step === null) return
      event.preventDefault()
      const target =
        step === 'first'
          ? all[0]
          : step === 'last'
            ? all.at(-1)
            : all[Math.max(0, Math.min(all.length - 1, at + step))]
      target?.querySelector<HTMLElement>(`[${ROW_PRIMARY}]`)?.focus()
      target?.scrollIntoView({ block: 'nearest' })
    },
    [rows, rowSelector, columns],
  )

  return { onFocus, onKeyDown }
}

function rowOf(target: EventTarget, rowSelector: string): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(rowSelector) : null
}

function stepFor(key: string, columns: number): number | 'first' | 'last' | 'within' | null {
  switch (key) {
    case 'ArrowDown':
      return columns || 1
    case 'ArrowUp':
      return -(columns || 1)
    case 'ArrowRight':
      return columns ? 1 : 'within'
    case 'ArrowLeft':
      return columns ? -1 : 'within'
    case 'Home':
      return 'first'
    case 'End':
      return 'last'
    default:
      return null
  }
}

/** Left and right across a row's controls (checkbox, name, menu). */
function moveWithin(event: KeyboardEvent, row: HTMLElement) {
  const controls = Array.from(row.querySelectorAll<HTMLElement>(FOCUSABLE))
  const at = controls.indexOf(event.target as HTMLElement)
  if (at < 0) return
  const next = controls[at + (event.key === 'ArrowRight' ? 1 : -1)]
  if (!next) return
  event.preventDefault()
  next.focus()
}

/** Opens the row's menu as its button would from the keyboard. */
function openActions(row: HTMLElement) {
  const button = row.querySelector<HTMLElement>(`[${ROW_ACTIONS}]`)
  if (!button) return
  button.focus()
  button.dispatchEvent(new globalThis.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
}
