import { useQuery } from '@tanstack/react-query'
import {
  type DeliverableVersion,
  deliverableVersionListSchema,
} from '../../../../shared/contract/shop/products'
import { api, errorMessage } from '../../../lib/api'
import { formatBytes, formatDateTime } from '../../../lib/format'
import { productPath } from '../shop-api'

// The deliverable's versions (decision 0092): the current file and every earlier one a paid order
// still holds, so staff can see what past buyers download after a replacement.

export function useDeliverableVersions(productId: string) {
  return useQuery({
    // Under the product's key: saving the product (which may upload a new file) refreshes it.
    queryKey: ['shop', 'product', productId, 'file-versions'],
    queryFn: ({ signal }) =>
      api.get(`${productPath(productId)}/file/versions`, { signal, schema: deliverableVersionListSchema }),
  })
}

export function DeliverableVersions({ productId }: { productId: string }) {
  const versions = useDeliverableVersions(productId)
  if (versions.isPending) return <p className="mt-4 text-sm text-fg-muted">Loading the file’s versions…</p>
  if (versions.isError)
    return (
      <p role="alert" className="mt-4 text-sm font-medium text-danger-text">
        The file’s versions could not be loaded: {errorMessage(versions.error)}
      </p>
    )
  const list = versions.data.versions
  if (list.length === 0) return null
  return (
    <section aria-labelledby="deliverable-versions" className="mt-4">
      <h3 id="deliverable-versions" className="text-sm font-medium">
        Versions of this file
      </h3>
      <ul className="mt-2 divide-y divide-border rounded-md border border-border text-sm">
        {list.map((version) => (
          <li
            key={version.id}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2"
          >
            <span>
              {formatDateTime(version.created_at)}
              {version.created_by ? ` · ${version.created_by}` : ''} · {formatBytes(version.size)}
            </span>
            <span className="text-fg-muted">{versionState(version)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** "Current", and how many paid orders download this version. */
export function versionState(version: DeliverableVersion): string {
  const orders =
    version.paid_orders === 0
      ? ''
      : `${version.paid_orders} paid ${version.paid_orders === 1 ? 'order downloads' : 'orders download'} it`
  if (version.current) return orders ? `Current · ${orders}` : 'Current'
  return orders || 'Kept for no order'
}
