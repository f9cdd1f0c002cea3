import { useSearchParams } from 'react-router'
import { type Sorting, sortingFrom } from './entries'

/**
 * A listing's sorting kept in the address (`?sort=&order=`, name ascending when absent), so a reload
 * or a shared link shows the same order; setting it keeps the address's other parameters.
 */
export function useListingSorting() {
  const [params, setParams] = useSearchParams()
  const setSorting = (s: Sorting) =>
    setParams((p) => {
      p.set('sort', s.sort)
      p.set('order', s.order)
      return p
    })
  return { sorting: sortingFrom(params), setSorting }
}
