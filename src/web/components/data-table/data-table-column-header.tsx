import { flexRender, type Header } from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { cn } from '../../lib/cn'
import { nextSort } from '../../lib/url-state'
import type { TableStateController } from './use-table-state'

/** A column's header: its title, and a button that sorts by it when the column is sortable. */
export function DataTableColumnHeader<TData, Sort extends string, Filter extends string>({
  header,
  state,
}: {
  header: Header<TData, unknown>
  state: TableStateController<Sort, Filter>
}) {
  const { state: view, config, update } = state
  const id = header.column.id
  const content = flexRender(header.column.columnDef.header, header.getContext())
  if (!config.sortable.includes(id as Sort)) return content
  const active = view.sort === id
  const Icon = !active ? ArrowUpDown : view.order === 'asc' ? ArrowUp : ArrowDown
  return (
    <button
      type="button"
      className="-mx-2 inline-flex items-center gap-1.5 rounded px-2 py-1 hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      onClick={() =>
        update(nextSort(view, id as Sort, header.column.columnDef.sortDescFirst ? 'desc' : 'asc'))
      }
    >
      {content}
      <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
    </button>
  )
}
