// Thin route module: the page lives in features/inbox-staff.
import { TriageEntryPage } from '../features/inbox-staff/entry-page'

export function StaffContactPage() {
  return <TriageEntryPage kind="contact" />
}
