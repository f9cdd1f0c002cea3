import { CircleAlert } from 'lucide-react'
import { errorMessage } from '../../lib/api-error'

/**
 * A refused change, said plainly where it was made: "Could not change the role. This is the last
 * admin: make someone else an admin first." The server's detail (or `detail`) says why; `title` says
 * what failed.
 */
export function ProblemAlert({
  title,
  error,
  detail,
}: { title: string } & ({ error: unknown; detail?: undefined } | { detail: string; error?: undefined })) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm text-danger-soft-fg"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">{title}.</span> {detail ?? errorMessage(error)}
      </p>
    </div>
  )
}
