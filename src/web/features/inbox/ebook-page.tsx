import { BookOpen } from 'lucide-react'
import { Link } from 'react-router'
import { ebookRequestInputSchema } from '../../../shared/contract/inbox'
import { FormField } from '../../components/forms/field'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { PublicFormShell } from './public-form-shell'
import { SubmissionSuccess } from './submission-success'
import { usePublicForm } from './use-public-form'

const FIELDS = ['email'] as const

/** Where a visitor asks for the free e-book (product.md §4): the link comes by e-mail. */
export function EbookPage() {
  const state = usePublicForm({
    form: 'ebook',
    fields: FIELDS,
    schema: ebookRequestInputSchema,
    prefill: (me) => ({ email: me.email }),
    extra: { source: 'ebook-page' },
  })
  const { errors, bind, controlId } = state

  if (state.sent) {
    return (
      <SubmissionSuccess title="Check your inbox" message={state.sent}>
        <Button asChild variant="secondary">
          <Link to="/">Back to the home page</Link>
        </Button>
      </SubmissionSuccess>
    )
  }

  return (
    <>
      <PageTitle title="Free e-book" />
      <PageHeader
        title="Get our free e-book"
        description="Enter your e-mail address and we will send you a link to download it."
      />
      <div className="flex max-w-xl flex-col gap-6">
        <PublicFormShell state={state} label="E-book request" submitLabel="Send me the e-book">
          <FormField
            label="E-mail address"
            required
            error={errors.email}
            id={controlId('email')}
            hint="Confirming your address from the e-mail also adds you to our mailing list. Every e-mail has a one-click unsubscribe."
          >
            <Input {...bind('email')} type="email" autoComplete="email" maxLength={254} />
          </FormField>
        </PublicFormShell>
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <BookOpen aria-hidden="true" className="size-4" />
          Already asked? Ask again any time: we send a fresh link.
        </p>
      </div>
    </>
  )
}
