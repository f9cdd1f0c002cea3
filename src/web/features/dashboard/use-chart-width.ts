import { useLayoutEffect, useRef, useState } from 'react'

// A chart draws at its container's width, measured and followed as the window or layout changes, so it
// fits a phone without scrolling sideways. Before the first measure (and in the server's HTML) it
// assumes a typical width.

const ASSUMED_WIDTH = 560

export function useChartWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null)
  const [width, setWidth] = useState(ASSUMED_WIDTH)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setWidth(Math.max(200, Math.floor(element.getBoundingClientRect().width)))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}
