import { LayoutGrid, List, Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import type { ViewMode } from './listing/view-mode'
import { SEARCH_PATH } from './paths'

/** Search by name (over everything the user can see) and the list/grid switch. */
export function FilesToolbar({
  mode,
  onModeChange,
  initialQuery = '',
}: {
  mode: ViewMode
  onModeChange: (mode: ViewMode) => void
  initialQuery?: string
}) {
  const [q, setQ] = useState(initialQuery)
  const navigate = useNavigate()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (q.trim()) navigate(`${SEARCH_PATH}?q=${encodeURIComponent(q.trim())}`)
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <form aria-label="Search files" onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
        <Input
          type="search"
          aria-label="Search files and folders by name"
          placeholder="Search by name"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" size="icon" aria-label="Search">
          <Search aria-hidden="true" />
        </Button>
      </form>
      <div className="flex gap-1">
        <Button
          variant={mode === 'list' ? 'primary' : 'secondary'}
          size="icon"
          aria-label="List view"
          aria-pressed={mode === 'list'}
          onClick={() => onModeChange('list')}
        >
          <List aria-hidden="true" />
        </Button>
        <Button
          variant={mode === 'grid' ? 'primary' : 'secondary'}
          size="icon"
          aria-label="Grid view"
          aria-pressed={mode === 'grid'}
          onClick={() => onModeChange('grid')}
        >
          <LayoutGrid aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}
