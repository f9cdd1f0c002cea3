import { SITE_ADDRESS_MAX, SITE_DESCRIPTION_MAX, SITE_NAME_MAX } from '../../../shared/contract/site'
import { FormField } from '../../components/forms/field'
import type { FieldErrors } from '../../components/forms/field-errors'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { UserSection } from '../admin/user-section'
import type { Draft, SetDraftField } from './site-identity-draft'

/** The site identity's "Business" section: name, short description, postal address and support e-mail. */
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
    </UserSection>
  )
}
