import { CircleX } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { errorMessage, isApiError } from '../../../lib/api'

/** The callback page when the server could not verify: signed out, no such order, or a failure. */
export function PaymentCheckFailed({ error, reference }: { error: unknown; reference: string }) {
  const status = isApiError(error) ? error.status : 0
  return (
    <EmptyState
      headingLevel="h1"
      icon={CircleX}
      tone="danger"
      title={
        status === 401
          ? 'Sign in to see your order'
          : status === 404
            ? 'No such order'
            : 'We could not check this payment'
      }
      description={errorMessage(error)}
      action={
        status === 401 ? (
          <Button asChild>
            <Link
              to={`/sign-in?callbackUrl=${encodeURIComponent(`/shop/checkout/callback?reference=${reference}`)}`}
            >
              Sign in
            </Link>
          </Button>
        ) : undefined
      }
    />
  )
}
