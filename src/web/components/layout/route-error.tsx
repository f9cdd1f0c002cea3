import { RotateCw, TriangleExclamationPoint } from 'lucide-react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { ApiError } from '../../lib/api-error'
import { NotFoundPage } from '../auth/not-found-page'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { PageTitle } from './page-title'

// Loaded eagerly (not code-split): it must work when loading a page's code is what failed.

// Browsers word a failed dynamic import differently; all mean "this page's code did not arrive".
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i

function describeError(error: unknown): { title: string; detail: string } {
  if (error instanceof ApiError) return { title: error.title, detail: error.message }
  if (error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message)) {
    return {
      title: 'This page could not be loaded',
      detail: 'The site may have just been updated, or the connection dropped. Reloading usually fixes it.',
    }
  }
  if (isRouteErrorResponse(error)) {
    return { title: `Error ${error.status}`, detail: error.statusText || 'The page could not be shown.' }
  }
  return {
    title: 'Something went wrong',
    detail:
      'An unexpected error stopped this page. Reloading usually fixes it; if it keeps happening, please contact us.',
  }
}

/** The route error boundary: a friendly message, the request id for support, and a way out. */
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />

  const { title, detail } = describeError(error)
  const requestId = error instanceof ApiError ? error.requestId : undefined
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageTitle title={title} />
      <EmptyState
        icon={TriangleExclamationPoint}
        tone="danger"
        headingLevel="h1"
        title={title}
        description={detail}
        action={
          <>
            <Button onClick={() => window.location.reload()}>
              <RotateCw aria-hidden="true" />
              Reload
            </Button>
            <Button asChild variant="secondary">
              <Link to="/">Go to the home page</Link>
            </Button>
          </>
        }
      />
      {requestId && (
        <p className="text-center text-sm text-fg-muted">
          If you contact us about this, please quote reference{' '}
          <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-fg select-all">
            {requestId}
          </code>
        </p>
      )}
    </div>
  )
}
