import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, ExternalLink, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { hasStaffFunction } from '../../../../shared/staff-functions'
import { AccessProblem, accessProblemStatus } from '../../../components/auth/access-problem'
import { LoadFailed } from '../../../components/data-table/data-table-states'
import { PageHeader } from '../../../components/layout/page-header'
import { PageSkeleton } from '../../../components/layout/page-skeleton'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { useSession } from '../../accounts/sessions/session'
import { ProductLoadProblem } from '../product-load-problem'
import { shopKeys, useProduct, useProductTypes } from '../shop-api'
import { ProductEditor } from './product-editor'
import { deleteProduct } from './product-management-api'

function BackToProducts() {
  return (
    <Link
      to="/admin/products"
      className="mb-4 inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All products
    </Link>
  )
}

/** Managers only: the session decides what to show before any call is refused. */
function useManagerGate(): 401 | 403 | 'loading' | undefined {
  const session = useSession()
  if (session.status === 'loading') return 'loading'
  if (session.status === 'unauthenticated') return 401
  return hasStaffFunction(session.user, 'UploadProducts') ? undefined : 403
}

/** /admin/products/new */
export function NewProductPage() {
  const gate = useManagerGate()
  const types = useProductTypes()
  if (gate === 'loading' || types.isPending) return <PageSkeleton />
  if (gate) return <AccessProblem status={gate} need="UploadProducts" action="manage products" />
  if (types.isError)
    return (
      <LoadFailed
        label="Product types"
        error={types.error}
        onRetry={() => types.refetch()}
        retrying={types.isFetching}
      />
    )
  return (
    <>
      <PageTitle title="New product" />
      <BackToProducts />
      <PageHeader title="New product" description="Saved as a draft unless you publish it." />
      <ProductEditor currency={types.data.currency} types={types.data.types} />
    </>
  )
}

/** /admin/products/:id */
export function EditProductPage() {
  const { id } = useParams()
  const gate = useManagerGate()
  const product = useProduct(gate === undefined ? id : undefined)
  const types = useProductTypes()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)

  if (gate === 'loading' || (gate === undefined && (product.isPending || types.isPending)))
    return <PageSkeleton />
  if (gate) return <AccessProblem status={gate} need="UploadProducts" action="manage products" />
  if (product.isError) {
    const denied = accessProblemStatus(product.error)
    if (denied) return <AccessProblem status={denied} need="UploadProducts" action="manage products" />
    return (
      <ProductLoadProblem
        product={product}
        notFound={
          <>
            <PageTitle title="Product not found" />
            <BackToProducts />
            <Alert variant="warning" title="There is no such product">
              It may have been deleted.
            </Alert>
          </>
        }
      />
    )
  }
  if (!product.data || !types.data) return <PageSkeleton />
  const p = product.data

  const remove = async () => {
    setDeleting(true)
    try {
      const { outcome } = await deleteProduct(p.id)
      await queryClient.invalidateQueries({ queryKey: shopKeys.all })
      toast.success(
        outcome === 'hidden' ? 'Product hidden' : 'Product deleted',
        outcome === 'hidden' ? 'It was ordered before, so its orders still show it.' : p.name,
      )
      navigate('/admin/products')
    } catch (error) {
      toast.error('The product was not deleted', errorMessage(error))
      setConfirming(false)
    } finally {
      setDeleting(false)
    }
  }

  return (
    <>
      <PageTitle title={`Edit ${p.name}`} />
      <BackToProducts />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title={p.name}
          description={p.isPublished ? 'Published: in the shop.' : 'Draft: not in the shop.'}
        />
        <div className="flex gap-2">
          <Button variant="secondary" asChild>
            <Link to={`/shop/${encodeURIComponent(p.slug)}`}>
              <ExternalLink aria-hidden="true" />
              View in the shop
            </Link>
          </Button>
          {p.abilities.delete && (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          )}
        </div>
      </div>
      {p.abilities.edit ? (
        // Remount after each save so the form shows the product as stored.
        <ProductEditor key={p.updatedAt} product={p} currency={p.currency} types={types.data.types} />
      ) : (
        <Alert variant="info" title="This product was deleted">
          It was ordered before, so it is kept, hidden, for its orders. It can no longer be edited.
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${p.name}?`}
        description="It leaves the shop at once. If anyone ordered it, it is only hidden so their orders still show it; otherwise it is deleted with its cover and file."
        confirmLabel="Delete product"
        destructive
        pending={deleting}
        onConfirm={remove}
      />
    </>
  )
}
