import { useCallback, useState } from 'react'

// List or grid, remembered in this browser (a display preference, not worth a server round trip).

export type ViewMode = 'list' | 'grid'
const KEY = 'depot.files.view'

function read(): ViewMode {
  try {
    return localStorage.getItem(KEY) === 'grid' ? 'grid' : 'list'
  } catch {
    return 'list'
  }
}

export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(read)
  const set = useCallback((next: ViewMode) => {
    setMode(next)
    try {
      localStorage.setItem(KEY, next)
    } catch {
      // storage refused (private mode): the choice lasts for this page only
    }
  }, [])
  return [mode, set]
}
