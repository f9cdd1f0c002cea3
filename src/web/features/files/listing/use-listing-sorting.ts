import { useSearchParams } from 'react-router'
import { chosenSortingFrom, type Sorting, sortingFrom } from './entries'

/**
 * A listing's sorting kept in the address (`?sort=&order=`, name ascending when absent), so a reload
 * or a shared link shows the same order; setting it keeps the address's other parameters.
 */
export function useListingSorting() {
  const [params] = useSearchParams()
  return { sorting: sortingFrom(params), setSorting: useSetSorting() }
}

/**
 * The same for a list that has an order of its own (search results, best match first): null until
 * the user picks a column, and `clearSorting` to go back to it.
 */
export function useChosenSorting() {
  const [params, setParams] = useSearchParams()
  const clearSorting = () =>
    setParams((p) => {
      p.delete('sort')
      p.delete('order')
      return p
    })
  return { sorting: chosenSortingFrom(params), setSorting: useSetSorting(), clearSorting }
}

function useSetSorting() {
  const [, setParams] = useSearchParams()
  return (s: Sorting) =>
    setParams((p) => {
      p.set('sort', s.sort)
      p.set('order', s.order)
      return p
    })
}
