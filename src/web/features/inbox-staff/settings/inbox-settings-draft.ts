import type { InboxSettings, InboxSettingsUpdate } from '../../../../shared/contract/inbox-staff'

/** The inbox settings form's fields as typed, before they are checked and sent. */
export interface InboxSettingsDraft {
  services: string[]
  ebookFileId: string
  ebookPublished: boolean
  retentionOn: boolean
  retentionDays: string
}

export const draftOf = (s: InboxSettings): InboxSettingsDraft => ({
  services: s.services,
  ebookFileId: s.ebookFileId ?? '',
  ebookPublished: s.ebookPublished,
  retentionOn: s.retentionDays !== null,
  retentionDays: s.retentionDays === null ? '365' : String(s.retentionDays),
})

/** Only what differs from the saved settings, so a save never overwrites another admin's other change. */
export function changeOf(saved: InboxSettings, draft: InboxSettingsDraft): InboxSettingsUpdate | null {
  const change: InboxSettingsUpdate = {}
  if (draft.services.join('\n') !== saved.services.join('\n')) change.services = draft.services
  const file = draft.ebookFileId.trim() || null
  if (file !== saved.ebookFileId) change.ebookFileId = file
  // Never published without a file (the server refuses it too).
  const published = draft.ebookPublished && file !== null
  if (published !== saved.ebookPublished) change.ebookPublished = published
  const days = draft.retentionOn ? Number(draft.retentionDays) : null
  if (days !== saved.retentionDays && !Number.isNaN(days)) change.retentionDays = days
  return Object.keys(change).length > 0 ? change : null
}
