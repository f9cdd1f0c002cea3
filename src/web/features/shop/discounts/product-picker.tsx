import { X } from 'lucide-react'
import { useDeferredValue, useId, useState } from 'react'
import { Checkbox } from '../../../components/ui/checkbox'
import { Input } from '../../../components/ui/input'
import { cn } from '../../../lib/cn'
import { useCatalogue } from '../shop-api'

// Which products a discount code is for: all of them, or products chosen by name from the catalogue.
// The chosen ones show as chips with a remove button; the search below lists the catalogue as a
// checklist of native checkboxes, so it works with the keyboard and screen readers as it is.

export interface PickedProduct {
  id: string
  name: string
}

export type ProductScope = 'all' | 'chosen'

const RESULTS = 20

export function ProductPicker({
  scope,
  chosen,
  onScope,
  onChosen,
  error,
}: {
  scope: ProductScope
  chosen: readonly PickedProduct[]
  onScope: (scope: ProductScope) => void
  onChosen: (chosen: PickedProduct[]) => void
  error?: string | undefined
}) {
  const id = useId()
  const errorId = `${id}-error`
  const toggle = (product: PickedProduct, on: boolean) =>
    onChosen(on ? [...chosen, product] : chosen.filter((p) => p.id !== product.id))
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-fg">Products</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {(['all', 'chosen'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-scope`}
              value={value}
              checked={scope === value}
              onChange={() => onScope(value)}
              className="size-4 accent-accent"
            />
            {value === 'all' ? 'All products' : 'Chosen products'}
          </label>
        ))}
      </div>
      {scope === 'chosen' && (
        <>
          <ChosenChips chosen={chosen} onRemove={(p) => toggle(p, false)} />
          <ProductSearch chosen={chosen} onToggle={toggle} />
        </>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </fieldset>
  )
}

function ChosenChips({
  chosen,
  onRemove,
}: {
  chosen: readonly PickedProduct[]
  onRemove: (product: PickedProduct) => void
}) {
  if (chosen.length === 0) return <p className="text-sm text-fg-muted">No products chosen yet.</p>
  return (
    <ul aria-label="Chosen products" className="flex flex-wrap gap-1.5">
      {chosen.map((p) => (
        <li
          key={p.id}
          className="flex items-center gap-1 rounded-full border border-border bg-surface-muted py-0.5 pr-1 pl-2.5 text-sm"
        >
          {p.name}
          <button
            type="button"
            onClick={() => onRemove(p)}
            aria-label={`Remove ${p.name}`}
            className={cn(
              'rounded-full p-0.5 text-fg-muted hover:bg-surface hover:text-fg',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            )}
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  )
}

/** A search of the catalogue by name, its products as a checklist: checked when chosen. */
export function ProductSearch({
  chosen,
  onToggle,
}: {
  chosen: readonly PickedProduct[]
  onToggle: (product: PickedProduct, on: boolean) => void
}) {
  const id = useId()
  const [q, setQ] = useState('')
  const deferred = useDeferredValue(q.trim())
  const catalogue = useCatalogue({ q: deferred, pageSize: RESULTS, sort: 'name', order: 'asc' })
  const items = catalogue.data?.items ?? []
  const picked = new Set(chosen.map((p) => p.id))
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-q`} className="text-sm text-fg">
        Find products by name
      </label>
      <Input
        id={`${id}-q`}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        aria-controls={`${id}-list`}
        autoComplete="off"
      />
      <ul
        id={`${id}-list`}
        aria-label="Products in the catalogue"
        aria-busy={catalogue.isFetching}
        className="max-h-48 overflow-y-auto rounded-md border border-border p-1"
      >
        {items.map((p) => (
          <li key={p.id}>
            <label
              htmlFor={`${id}-${p.id}`}
              className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-surface-muted"
            >
              <Checkbox
                id={`${id}-${p.id}`}
                checked={picked.has(p.id)}
                onChange={(e) => onToggle({ id: p.id, name: p.name }, e.target.checked)}
              />
              {p.name}
            </label>
          </li>
        ))}
        {catalogue.isSuccess && items.length === 0 && (
          <li className="px-2 py-1.5 text-sm text-fg-muted">No published product matches “{deferred}”.</li>
        )}
        {catalogue.isError && (
          <li className="px-2 py-1.5 text-sm text-danger-text">The catalogue could not be loaded.</li>
        )}
      </ul>
    </div>
  )
}
