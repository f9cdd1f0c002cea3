import { RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Skeleton } from '../../components/ui/skeleton'
import { errorMessage } from '../../lib/api'
import { useManagedFeatured } from '../shop/storefront/featured-api'
import { FeaturedProductsEditor } from './featured-products-editor'
import { useAdminSiteWords } from './site-admin-api'
import { SiteWordsForm } from './site-words-form'

// The site identity page's owner's words and featured products (decision 0141): each loads and saves
// on its own, so one failing leaves the rest of the page usable.

interface Loading {
  isPending: boolean
  isError: boolean
  error: unknown
  isFetching: boolean
  refetch: () => unknown
}

function Loaded<T>({
  query,
  what,
  children,
}: {
  query: Loading & { data: T | undefined }
  what: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <Skeleton className="h-48" />
  if (query.isError || query.data === undefined) {
    return (
      <Alert
        variant="danger"
        title={`Could not load the ${what}`}
        action={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        }
      >
        {errorMessage(query.error)}
      </Alert>
    )
  }
  return children(query.data)
}

export function OwnersWordsSections() {
  const words = useAdminSiteWords()
  const featured = useManagedFeatured()
  return (
    <>
      <Loaded query={words} what="home page and shop words">
        {(data) => <SiteWordsForm saved={data} />}
      </Loaded>
      <Loaded query={featured} what="featured products">
        {(data) => <FeaturedProductsEditor saved={data} />}
      </Loaded>
    </>
  )
}
