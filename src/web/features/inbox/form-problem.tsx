import { FORM_EXPIRED_CODE } from '../../../shared/contract/inbox'
import { ProblemAlert } from '../../components/forms/problem-alert'
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
  return <ProblemAlert {...formProblemText(error)} />
}
