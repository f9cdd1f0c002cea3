// Thin route module: the page lives in features/inbox-staff.
import { TriageEntryPage } from '../features/inbox-staff/entry-page'

export function StaffQuotePage() {
  return <TriageEntryPage kind="quote" />
}
