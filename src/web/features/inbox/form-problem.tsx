import { CircleAlert } from 'lucide-react'
import { FORM_EXPIRED_CODE } from '../../../shared/contract/inbox'
import { errorMessage, isApiError } from '../../lib/api-error'

/** The sentence for a problem that concerns the whole form rather than one field. */
export function formProblemText(error: unknown): { title: string; detail: string } {
  if (isApiError(error, 'rate_limited')) {
    return {
      title: 'Too many messages',
      detail: `${errorMessage(error)} What you typed is kept on this page.`,
    }
  }
  if (isApiError(error, FORM_EXPIRED_CODE)) {
    return {
      title: 'This form was open for a long time',
      detail: 'We have refreshed it and kept what you typed: please send it again.',
    }
  }
  return { title: 'Your message was not sent', detail: errorMessage(error) }
}

export function FormProblem({ error }: { error: unknown }) {
  const { title, detail } = formProblemText(error)
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm text-danger-soft-fg"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">{title}.</span> {detail}
      </p>
    </div>
  )
}
