import { HEX_COLOUR } from '../../../shared/color'
import { FormField } from '../../components/forms/field'
import { Input } from '../../components/ui/input'
import { UserSection } from '../admin/user-section'
import { AccentPreview } from './accent-preview'
import type { SetDraftField } from './site-identity-draft'

/** The site identity's "Accent colour" section: the hex colour typed or picked, and its preview. */
export function AccentColourFields({
  accentColor,
  set,
  error,
}: {
  accentColor: string
  set: SetDraftField
  error: string | undefined
}) {
  const colourValid = HEX_COLOUR.test(accentColor.trim())
  return (
    <UserSection title="Accent colour">
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          label="Colour"
          error={error}
          hint="A hex colour such as #4338ca. We adjust its shade where needed so text stays readable."
          className="min-w-48 flex-1"
        >
          <Input
            name="accentColor"
            value={accentColor}
            onChange={set('accentColor')}
            maxLength={7}
            spellCheck={false}
          />
        </FormField>
        <label className="mb-7 flex flex-col gap-1.5 text-sm font-medium text-fg">
          Pick
          <input
            type="color"
            value={colourValid ? accentColor.trim().toLowerCase() : '#4338ca'}
            onChange={set('accentColor')}
            className="h-10 w-14 cursor-pointer rounded-md border border-border-strong bg-surface"
          />
        </label>
      </div>
      {colourValid && <AccentPreview hex={accentColor.trim()} />}
    </UserSection>
  )
}
