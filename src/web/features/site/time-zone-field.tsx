import { FormField } from '../../components/forms/field'
import { Select } from '../../components/ui/select'

/** Every IANA zone this browser knows, with the saved one kept even when the list lacks it (UTC, say). */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const zones = known.includes(current) || current === '' ? [...known] : [current, ...known]
  if (!zones.includes('UTC')) zones.push('UTC')
  return zones
}

/** The business's time zone, saved with the rest of the identity: the dashboard counts its days in it. */
export function TimeZoneField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (event: { currentTarget: { value: string } }) => void
  error: string | undefined
}) {
  return (
    <FormField
      label="Time zone"
      error={error}
      hint="The dashboard counts days, weeks and months in this time zone."
    >
      <Select name="timeZone" value={value} onChange={onChange}>
        {timeZoneChoices(value).map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </Select>
    </FormField>
  )
}
