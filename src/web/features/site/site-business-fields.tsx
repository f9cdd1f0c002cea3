import {
  SITE_ADDRESS_MAX,
  SITE_DESCRIPTION_MAX,
  SITE_NAME_MAX,
  TAX_NUMBER_MAX,
} from '../../../shared/contract/site'
import { FormField } from '../../components/forms/field'
import type { FieldErrors } from '../../components/forms/field-errors'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { UserSection } from '../admin/user-section'
import type { Draft, SetDraftField } from './site-identity-draft'
import { TimeZoneField } from './time-zone-field'

/**
 * The site identity's "Business" section: name, short description, postal address, support e-mail,
 * what invoices print: the tax or VAT number and whether prices include VAT, and the time zone the
 * dashboard counts days in.
 */
export function SiteBusinessFields({
  draft,
  set,
  errors,
}: {
  draft: Draft
  set: SetDraftField
  errors: FieldErrors
}) {
  return (
    <UserSection title="Business">
      <FormField
        label="Business name"
        error={errors.name}
        required
        hint="In the header, page titles and e-mails."
      >
        <Input
          name="name"
          value={draft.name}
          onChange={set('name')}
          maxLength={SITE_NAME_MAX}
          autoComplete="organization"
        />
      </FormField>
      <FormField label="Short description" error={errors.description} hint="The home page’s headline.">
        <Textarea
          name="description"
          rows={2}
          value={draft.description}
          onChange={set('description')}
          maxLength={SITE_DESCRIPTION_MAX}
        />
      </FormField>
      <FormField
        label="Postal address"
        error={errors.address}
        hint="One line per line of the address. Shown in the footer and at the end of every e-mail."
      >
        <Textarea
          name="address"
          rows={3}
          value={draft.address}
          onChange={set('address')}
          maxLength={SITE_ADDRESS_MAX}
          autoComplete="street-address"
        />
      </FormField>
      <FormField
        label="Support e-mail"
        error={errors.supportEmail}
        hint="Optional. Where customers can write to you."
      >
        <Input
          name="supportEmail"
          type="email"
          inputMode="email"
          value={draft.supportEmail}
          onChange={set('supportEmail')}
          autoComplete="email"
        />
      </FormField>
      <FormField
        label="Tax or VAT number"
        error={errors.taxNumber}
        hint="Optional. Printed on invoices and credit notes."
      >
        <Input
          name="taxNumber"
          value={draft.taxNumber}
          onChange={set('taxNumber')}
          maxLength={TAX_NUMBER_MAX}
        />
      </FormField>
      <FormField
        label="Prices include VAT at (%)"
        error={errors.vatPercent}
        hint="Optional, e.g. 7.5. Invoices then show the VAT included in each total. Leave empty if prices include no VAT."
      >
        <Input
          name="vatPercent"
          inputMode="decimal"
          value={draft.vatPercent}
          onChange={set('vatPercent')}
          maxLength={6}
        />
      </FormField>
      <TimeZoneField value={draft.timeZone} onChange={set('timeZone')} error={errors.timeZone} />
    </UserSection>
  )
}
