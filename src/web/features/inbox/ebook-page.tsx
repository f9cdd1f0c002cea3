import { BookOpen } from 'lucide-react'
import { EBOOK_UNAVAILABLE_MESSAGE, ebookRequestInputSchema } from '../../../shared/contract/inbox'
import { FormField } from '../../components/forms/field'
import { Alert } from '../../components/ui/alert'
import { Input } from '../../components/ui/input'
import { PublicFormPage } from './public-form-page'
import { PublicFormShell } from './public-form-shell'
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
  const { errors, bind } = state
  // Until admins publish the e-book there is nothing to send: the server refuses requests too.
  const unavailable = state.setup.data?.ebookAvailable === false

  return (
    <PublicFormPage
      state={state}
      tabTitle="Free e-book"
      title="Get our free e-book"
      description="Enter your e-mail address and we will send you a link to download it."
      sentTitle="Check your inbox"
    >
      {unavailable ? (
        <Alert className="max-w-xl" title="Not available">
          {EBOOK_UNAVAILABLE_MESSAGE}
        </Alert>
      ) : (
        <div className="flex max-w-xl flex-col gap-6">
          <PublicFormShell state={state} label="E-book request" submitLabel="Send me the e-book">
            <FormField
              label="E-mail address"
              required
              error={errors.email}
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
      )}
    </PublicFormPage>
  )
}
