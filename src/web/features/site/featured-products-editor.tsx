import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { FEATURED_MAX, type ManagedFeatured } from '../../../shared/contract/shop/featured'
import { FormFailure } from '../../components/forms/form-failure'
import { SubmitButton } from '../../components/forms/submit-button'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { ApiError } from '../../lib/api-error'
import { UserSection } from '../admin/user-section'
import { ProductSearch } from '../shop/discounts/product-picker'
import { useSaveFeatured } from '../shop/storefront/featured-api'
import { moved } from './site-words-draft'

// The products the home page features (decision 0141), chosen by name from the catalogue and put in
// order. A chosen product unpublished later stays in the list, marked, and shows again once published.

type Featured = ManagedFeatured['items'][number]

export function FeaturedProductsEditor({ saved }: { saved: ManagedFeatured }) {
  const [chosen, setChosen] = useState<Featured[]>(saved.items)
  const save = useSaveFeatured()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      chosen.map((p) => p.id),
      {
        onSuccess: (next) => {
          setChosen(next.items)
          toast.success('Featured products saved')
        },
      },
    )
  }
  const onToggle = (product: { id: string; name: string }, on: boolean) =>
    setChosen(
      on
        ? [...chosen, { ...product, isPublished: true }].slice(0, FEATURED_MAX)
        : chosen.filter((p) => p.id !== product.id),
    )
  const problem = save.error instanceof ApiError ? Object.values(save.error.fieldErrors).flat().join(' ') : ''
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <UserSection title="Featured products">
        <p className="text-sm text-fg-muted">
          Shown on the home page in this order, up to {FEATURED_MAX}. Drafts stay hidden until published.
        </p>
        <ChosenList chosen={chosen} onChosen={setChosen} />
        {chosen.length >= FEATURED_MAX && (
          <p className="text-sm text-fg-muted">
            {FEATURED_MAX} products chosen: take one out to feature another.
          </p>
        )}
        <ProductSearch chosen={chosen} onToggle={onToggle} />
      </UserSection>
      <FormFailure
        title="The featured products were not saved"
        failure={save.isError ? problem || errorMessage(save.error) : undefined}
      />
      <div>
        <SubmitButton pending={save.isPending}>Save featured products</SubmitButton>
      </div>
    </form>
  )
}

function ChosenList({ chosen, onChosen }: { chosen: Featured[]; onChosen: (next: Featured[]) => void }) {
  if (chosen.length === 0) {
    return <p className="text-sm text-fg">No products featured: the home page shows none.</p>
  }
  return (
    <ol aria-label="Featured products, in order" className="flex flex-col gap-2">
      {chosen.map((p, index) => (
        <li
          key={p.id}
          className="flex flex-wrap items-center gap-2 rounded-md border border-border px-3 py-2 text-sm"
        >
          <span className="font-medium text-fg">
            {index + 1}. {p.name}
          </span>
          {!p.isPublished && <Badge variant="warning">Draft: hidden from visitors</Badge>}
          <span className="ml-auto flex gap-1">
            <IconAction
              label={`Move ${p.name} up`}
              disabled={index === 0}
              onClick={() => onChosen(moved(chosen, index, -1))}
            >
              <ArrowUp aria-hidden="true" />
            </IconAction>
            <IconAction
              label={`Move ${p.name} down`}
              disabled={index === chosen.length - 1}
              onClick={() => onChosen(moved(chosen, index, 1))}
            >
              <ArrowDown aria-hidden="true" />
            </IconAction>
            <IconAction
              label={`Remove ${p.name}`}
              onClick={() => onChosen(chosen.filter((c) => c.id !== p.id))}
            >
              <Trash2 aria-hidden="true" />
            </IconAction>
          </span>
        </li>
      ))}
    </ol>
  )
}

function IconAction({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button
      type="button"
      size="icon"
      variant="ghost"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}
