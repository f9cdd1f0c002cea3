import { describe, expect, it } from 'vitest'
import { isoOfTimestamptz } from '../../src/server/db/pg-driver'

// PostgreSQL's timestamptz text becomes the ISO string every other part of the code compares and
// sends: exactly what `new Date(v).toISOString()` makes of it, whatever the form.

describe('a timestamptz read from PostgreSQL', () => {
  it('is the ISO-8601 UTC string with milliseconds that Date would make of it', () => {
    const forms = [
      '2026-12-01 13:23:44.123456+00',
      '2026-12-01 13:23:44.1239+00',
      '2026-12-01 13:23:44.999999+00',
      '2026-12-01 13:23:44.5+00',
      '2026-12-01 13:23:44.05+00',
      '2026-12-01 13:23:44+00',
      '1999-01-01 00:00:00.000001+00',
      // Other forms go through Date: a session in another time zone, offsets with minutes.
      '2026-12-01 14:23:44.123+01',
      '2026-12-01 08:53:44.123-04:30',
      '2026-06-30 23:59:59.9995+00:00',
    ]
    for (const form of forms) expect(isoOfTimestamptz(form), form).toBe(new Date(form).toISOString())
  })
})
