import type { AdminSiteIdentity } from '../../../shared/contract/site'

/** The site identity form's fields as typed, before they are checked and saved. */
export interface Draft {
  name: string
  description: string
  address: string
  supportEmail: string
  accentColor: string
}

/** The change handler for one field of the draft. */
export type SetDraftField = (field: keyof Draft) => (event: { currentTarget: { value: string } }) => void

export const draftOf = (s: AdminSiteIdentity): Draft => ({
  name: s.name,
  description: s.description,
  address: s.address,
  supportEmail: s.supportEmail ?? '',
  accentColor: s.accentColor,
})
