import { BookOpen, FileText } from 'lucide-react'
import { Link } from 'react-router'
import { contactInputSchema, INBOX_MAX } from '../../../shared/contract/inbox'
import { FormField } from '../../components/forms/field'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { PublicFormPage } from './public-form-page'
import { PublicFormShell } from './public-form-shell'
import { usePublicForm } from './use-public-form'

const FIELDS = ['first_name', 'last_name', 'email', 'subject', 'message'] as const

/** Contact and feedback (product.md §4), with the way to a quote and to the free e-book beside it. */
export function ContactPage() {
  const state = usePublicForm({
    form: 'contact',
    fields: FIELDS,
    schema: contactInputSchema,
    prefill: (me) => ({ first_name: me.first_name, last_name: me.last_name, email: me.email }),
  })
  const { errors, bind } = state

  return (
    <PublicFormPage
      state={state}
      tabTitle="Contact"
      title="Contact us"
      description="Questions, feedback or problems: write to us and we will answer by e-mail."
      sentTitle="Message sent"
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <PublicFormShell state={state} label="Contact" submitLabel="Send message">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="First name" required error={errors.first_name}>
              <Input {...bind('first_name')} autoComplete="given-name" maxLength={INBOX_MAX.name} />
            </FormField>
            <FormField label="Last name" error={errors.last_name}>
              <Input {...bind('last_name')} autoComplete="family-name" maxLength={INBOX_MAX.name} />
            </FormField>
          </div>
          <FormField label="E-mail address" required error={errors.email}>
            <Input {...bind('email')} type="email" autoComplete="email" maxLength={254} />
          </FormField>
          <FormField label="Subject" required error={errors.subject}>
            <Input {...bind('subject')} maxLength={INBOX_MAX.subject} />
          </FormField>
          <FormField
            label="Message"
            required
            error={errors.message}
            hint={`Up to ${INBOX_MAX.message} characters.`}
          >
            <Textarea {...bind('message')} rows={7} maxLength={INBOX_MAX.message} />
          </FormField>
        </PublicFormShell>

        <aside aria-label="More ways to reach us" className="flex flex-col gap-4">
          <OtherWay
            icon={FileText}
            title="Need a quote?"
            text="Tell us about your project and get a price by e-mail."
            to="/quote"
            action="Request a quote"
          />
          <OtherWay
            icon={BookOpen}
            title="Free e-book"
            text="Get our e-book by e-mail: we send you a download link."
            to="/ebook"
            action="Get the e-book"
          />
        </aside>
      </div>
    </PublicFormPage>
  )
}

function OtherWay({
  icon: Icon,
  title,
  text,
  to,
  action,
}: {
  icon: typeof FileText
  title: string
  text: string
  to: string
  action: string
}) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-5 shadow-sm">
      <span className="flex size-10 items-center justify-center rounded-md bg-accent-soft text-accent-soft-fg">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      <p className="text-sm text-fg-muted">{text}</p>
      <div>
        <Button asChild variant="secondary" size="sm">
          <Link to={to}>{action}</Link>
        </Button>
      </div>
    </section>
  )
}
