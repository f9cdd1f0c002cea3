import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TimeZoneField, timeZoneChoices } from './time-zone-field'

// The site identity's time zone: a select over the zones the browser knows, the saved one chosen, and a
// line saying what it is for.

describe('the time zone field', () => {
  it('offers every zone, the saved one selected, and says the dashboard counts days in it', () => {
    const html = renderToStaticMarkup(
      h(TimeZoneField, { value: 'Africa/Lagos', onChange: () => {}, error: undefined }),
    )
    expect(html).toContain('name="timeZone"')
    expect(html).toMatch(/<option value="Africa\/Lagos" selected="">Africa\/Lagos<\/option>/)
    expect(html).toContain('<option value="America/New_York">America/New York</option>')
    expect(html).toContain('The dashboard counts days, weeks and months in this time zone.')
  })

  it('keeps a saved zone the list lacks, and always offers UTC', () => {
    const zones = timeZoneChoices('Etc/GMT+5')
    expect(zones[0]).toBe('Etc/GMT+5')
    expect(zones).toContain('UTC')
    expect(zones).toContain('Europe/Berlin')
  })

  it('shows the server’s refusal beside the field', () => {
    const html = renderToStaticMarkup(
      h(TimeZoneField, { value: 'UTC', onChange: () => {}, error: 'Choose a time zone from the list' }),
    )
    expect(html).toContain('Choose a time zone from the list')
    expect(html).toContain('aria-invalid="true"')
  })
})
