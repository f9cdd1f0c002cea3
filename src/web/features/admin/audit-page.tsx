import { ScrollText } from 'lucide-react'
import { type AuditEventItem, auditListSchema } from '../../../shared/contract/audit'
import { AccessProblem, accessProblemStatus } from '../../components/auth/access-problem'
import {
  DataTable,
  DataTableDateRangeFilter,
  DataTableSelectFilter,
  useListQuery,
  useTableState,
} from '../../components/data-table'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { exportUrl } from '../../lib/url-state'
import { auditColumns } from './audit-columns'
import { ACTION_OPTIONS, AUDIT_ENDPOINT, AUDIT_TABLE } from './audit-table'

export const auditKeys = { lists: () => ['admin', 'audit', 'list'] as const }
const eventId = (event: AuditEventItem) => event.id

/** /admin/audit: who did what, when and from where; searchable, filterable, exportable. */
export function AuditPage() {
  const state = useTableState(AUDIT_TABLE)
  const result = useListQuery<AuditEventItem>({
    queryKey: auditKeys.lists(),
    endpoint: AUDIT_ENDPOINT,
    schema: auditListSchema,
    query: state.query,
  })
  const denied = accessProblemStatus(result.error)
  if (denied) {
    return <AccessProblem status={denied} need="admin" action="read the audit log" />
  }
  return (
    <>
      <PageTitle title="Audit log" />
      <PageHeader
        title="Audit log"
        description="Sign-ins, changes to access and settings, exports, deletions and privacy requests: who, when and from where."
      />
      <DataTable
        label="Audit log"
        columns={auditColumns}
        state={state}
        result={result}
        getRowId={eventId}
        search={{ label: 'Search the audit log', placeholder: 'Search e-mail, action, target or address' }}
        filters={
          <>
            <DataTableSelectFilter
              state={state}
              name="action"
              label="Action"
              allLabel="All actions"
              options={ACTION_OPTIONS}
            />
            <DataTableDateRangeFilter state={state} from="from" to="to" label="When" />
          </>
        }
        exportHref={exportUrl(AUDIT_ENDPOINT, state.state)}
        empty={{
          icon: ScrollText,
          title: 'Nothing recorded yet',
          description: 'Sign-ins, changes and exports appear here as they happen.',
        }}
      />
    </>
  )
}
