import type { AdminSiteIdentity } from '../../../shared/contract/site'

/** The site identity form's fields as typed, before they are checked and saved. */
export interface Draft {
  name: string
  description: string
  address: string
  supportEmail: string
  accentColor: string
  taxNumber: string
  /** The VAT rate as typed ('' for none); a number once checked. */
  vatPercent: string
  /** The business's IANA time zone. */
  timeZone: string
}

/** The change handler for one field of the draft. */
export type SetDraftField = (field: keyof Draft) => (event: { currentTarget: { value: string } }) => void

export const draftOf = (s: AdminSiteIdentity): Draft => ({
  name: s.name,
  description: s.description,
  address: s.address,
  supportEmail: s.supportEmail ?? '',
  accentColor: s.accentColor,
  taxNumber: s.taxNumber,
  vatPercent: s.vatPercent === null ? '' : String(s.vatPercent),
  timeZone: s.timeZone,
})

/** The form's VAT rate for the contract: '' is none, anything else a number (or NaN, refused). */
export function withVatRate(fields: Record<string, unknown>): Record<string, unknown> {
  const typed = String(fields.vatPercent ?? '')
    .trim()
    .replace(',', '.')
  return { ...fields, vatPercent: typed === '' ? null : Number(typed) }
}
