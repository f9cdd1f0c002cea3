import { useState } from 'react'
import { Link } from 'react-router'
import { INBOX_MAX, QUOTE_ATTACHMENTS, quoteFormSchema } from '../../../shared/contract/inbox'
import { FormField } from '../../components/forms/field'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { Textarea } from '../../components/ui/textarea'
import { submitQuoteWithFiles } from './inbox-api'
import { PublicFormPage } from './public-form-page'
import { PublicFormShell } from './public-form-shell'
import { QuoteAttachmentsField } from './quote-attachments-field'
import { usePublicForm } from './use-public-form'

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'business_name',
  'industry',
  'service',
  'message',
] as const

/**
 * The public quote request form (product.md §4): works signed out, prefilled when signed in; files
 * (artwork, a brief) may go with it, sent as multipart/form-data (decision 0142).
 */
export function QuotePage() {
  const [files, setFiles] = useState<File[]>([])
  const state = usePublicForm({
    form: 'quote',
    fields: FIELDS,
    schema: quoteFormSchema,
    extra: { [QUOTE_ATTACHMENTS.field]: files },
    send: submitQuoteWithFiles,
    prefill: (me) => ({
      first_name: me.first_name,
      last_name: me.last_name,
      email: me.email,
      business_name: me.business_name,
      industry: me.industry,
    }),
  })
  const { errors, bind } = state
  const services = state.setup.data?.services ?? []

  return (
    <PublicFormPage
      state={state}
      tabTitle="Request a quote"
      title="Request a quote"
      description="Tell us what you need and we will reply by e-mail with a quote, usually within two working days."
      sentTitle="Quote request sent"
      sentActions={
        <Button asChild variant="ghost">
          <Link to="/shop">Browse the shop</Link>
        </Button>
      }
    >
      <div className="max-w-2xl">
        <PublicFormShell state={state} label="Quote request" submitLabel="Send quote request">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="First name" required error={errors.first_name}>
              <Input {...bind('first_name')} autoComplete="given-name" maxLength={INBOX_MAX.name} />
            </FormField>
            <FormField label="Last name" required error={errors.last_name}>
              <Input {...bind('last_name')} autoComplete="family-name" maxLength={INBOX_MAX.name} />
            </FormField>
            <FormField label="E-mail address" required error={errors.email}>
              <Input {...bind('email')} type="email" autoComplete="email" maxLength={254} />
            </FormField>
            <FormField label="Phone" error={errors.phone}>
              <Input {...bind('phone')} type="tel" autoComplete="tel" maxLength={INBOX_MAX.phone} />
            </FormField>
            <FormField label="Business name" error={errors.business_name}>
              <Input
                {...bind('business_name')}
                autoComplete="organization"
                maxLength={INBOX_MAX.business_name}
              />
            </FormField>
            <FormField label="Industry" error={errors.industry}>
              <Input {...bind('industry')} maxLength={INBOX_MAX.industry} />
            </FormField>
          </div>
          {services.length > 0 && (
            <FormField label="Service" required error={errors.service}>
              <Select {...bind('service')}>
                <option value="">Choose a service…</option>
                {services.map((service) => (
                  <option key={service} value={service}>
                    {service}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <FormField
            label="What do you need?"
            required
            error={errors.message}
            hint={`Quantities, deadlines, anything that helps us quote. Up to ${INBOX_MAX.message} characters.`}
          >
            <Textarea {...bind('message')} rows={6} maxLength={INBOX_MAX.message} />
          </FormField>
          <QuoteAttachmentsField
            files={files}
            onChange={setFiles}
            error={(errors as Record<string, string | undefined>)[QUOTE_ATTACHMENTS.field]}
          />
        </PublicFormShell>
      </div>
    </PublicFormPage>
  )
}
