import type { ReactNode } from 'react'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { BackHomeButton, SubmissionSuccess } from './submission-success'
import type { PublicFormState } from './use-public-form'

/**
 * A public form's page: its title and header above the form, and once the form is sent, the success
 * answer in its place with the way back home (and any further ways on).
 */
export function PublicFormPage<F extends string>({
  state,
  tabTitle,
  title,
  description,
  sentTitle,
  sentActions,
  children,
}: {
  state: PublicFormState<F>
  /** The browser tab's title. */
  tabTitle: string
  title: string
  description: string
  sentTitle: string
  /** Where else to go after sending, beside the home page. */
  sentActions?: ReactNode
  children: ReactNode
}) {
  if (state.sent) {
    return (
      <SubmissionSuccess title={sentTitle} message={state.sent}>
        <BackHomeButton />
        {sentActions}
      </SubmissionSuccess>
    )
  }
  return (
    <>
      <PageTitle title={tabTitle} />
      <PageHeader title={title} description={description} />
      {children}
    </>
  )
}
