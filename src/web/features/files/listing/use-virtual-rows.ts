import { type RefObject, useEffect, useLayoutEffect, useState } from 'react'

// Which rows of a long list are on screen (decision 0093): the page scrolls as a whole (the listing is
// not a scroll box of its own), so the visible range follows the window's scroll position and the
// list's place on the page. Rows have one height (measured from a rendered row); the rows above and
// below the range are stood in for by padding, so only about a screenful of rows is in the DOM.

/** Rows rendered beyond the screen on each side, so a quick scroll or Tab does not meet a gap. */
const OVERSCAN = 8
/** Rendered before anything is measured (and on the server): a screenful of ordinary rows. */
const FIRST_ROWS = 40

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

export interface VirtualRange {
  start: number
  /** One past the last row rendered. */
  end: number
  /** The space the rows above and below the range would take. */
  before: number
  after: number
}

/**
 * The rows of `count` to render inside `container`, whose rows are `rowSelector` elements of one height
 * (`estimate` until one is measured).
 */
export function useVirtualRows(
  container: RefObject<HTMLElement | null>,
  count: number,
  estimate: number,
  rowSelector: string,
  /** Space between rows (a grid's gap), added to the measured height. */
  gap = 0,
): VirtualRange {
  const [rowHeight, setRowHeight] = useState(estimate)
  const [view, setView] = useState<{ top: number; height: number } | null>(null)

  useIsomorphicLayoutEffect(() => {
    const measure = () => {
      const element = container.current
      if (!element) return
      const row = element.querySelector<HTMLElement>(rowSelector)
      const height = row ? row.offsetHeight + gap : 0
      if (height > gap) setRowHeight((h) => (h === height ? h : height))
      const box = element.getBoundingClientRect()
      // The window's visible band, measured from the list's first row.
      setView((v) => {
        const next = { top: -box.top, height: window.innerHeight }
        return v && v.top === next.top && v.height === next.height ? v : next
      })
    }
    measure()
    window.addEventListener('scroll', measure, { passive: true })
    window.addEventListener('resize', measure)
    return () => {
      window.removeEventListener('scroll', measure)
      window.removeEventListener('resize', measure)
    }
  })

  if (!view) {
    const end = Math.min(count, FIRST_ROWS)
    return { start: 0, end, before: 0, after: (count - end) * rowHeight }
  }
  const first = Math.floor(Math.max(0, view.top) / rowHeight)
  const visible = Math.ceil(view.height / rowHeight) + 1
  const start = Math.max(0, Math.min(count, first) - OVERSCAN)
  const end = Math.min(count, first + visible + OVERSCAN)
  return { start, end, before: start * rowHeight, after: Math.max(0, count - end) * rowHeight }
}
