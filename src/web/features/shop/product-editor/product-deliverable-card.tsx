import type { ProductDetail } from '../../../../shared/contract/shop/products'
import { FormField } from '../../../components/forms/field'
import type { FieldErrors } from '../../../components/forms/field-errors'
import { Card, CardHeader } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { SegmentedControl } from '../../../components/ui/segmented-control'
import { DeliverableFile } from './deliverable-file'
import { DeliverableVersions } from './deliverable-versions'

export type DeliverableKind = 'link' | 'file'

/** What an existing product delivers: its file when it has one and no link, else a link. */
export function deliverableKindOf(product: ProductDetail | undefined): DeliverableKind {
  return product && !product.management?.product_url && product.management?.deliveryFile ? 'file' : 'link'
}

/** A file chosen for buyers, not yet uploaded, and whether it replaces what past buyers download. */
export interface PendingDeliverable {
  file: File | null
  progress: { sent: number; total: number } | undefined
  updatePastBuyers: boolean
}

/**
 * The product editor's deliverable step: a link to the seller's content, or a private file handed out
 * through expiring download links (chosen here, uploaded when the product is saved).
 */
export function ProductDeliverableCard({
  product,
  kind,
  onKindChange,
  pending,
  onPendingChange,
  errors,
}: {
  product: ProductDetail | undefined
  kind: DeliverableKind
  onKindChange: (kind: DeliverableKind) => void
  pending: PendingDeliverable
  onPendingChange: (change: Partial<PendingDeliverable>) => void
  errors: FieldErrors
}) {
  const m = product?.management
  return (
    <Card>
      <CardHeader
        title="What buyers receive"
        description="A link to your content, or a file we keep private and hand out through expiring download links."
      />
      <SegmentedControl
        legend="Deliverable"
        name="deliverable"
        value={kind}
        onChange={onKindChange}
        options={[
          { value: 'link', label: 'A link' },
          { value: 'file', label: 'A file' },
        ]}
      />
      <div className="mt-4">
        {kind === 'link' ? (
          <FormField
            label="Link"
            error={errors.product_url}
            required
            hint="Starts with https:// (or http://)."
          >
            <Input name="product_url" type="url" defaultValue={m?.product_url ?? ''} autoComplete="off" />
          </FormField>
        ) : (
          <DeliverableFile
            current={m?.deliveryFile ?? null}
            pending={pending.file}
            onPendingChange={(file) => onPendingChange({ file })}
            progress={pending.progress}
            error={errors.file}
            updatePastBuyers={pending.updatePastBuyers}
            onUpdatePastBuyersChange={(updatePastBuyers) => onPendingChange({ updatePastBuyers })}
          />
        )}
        {kind === 'file' && product && m?.deliveryFile ? (
          <DeliverableVersions productId={product.id} />
        ) : null}
      </div>
    </Card>
  )
}
