import { ScrollText } from 'lucide-react'
import { type AuditEventItem, auditListSchema } from '../../../../shared/contract/audit'
import {
  DataTableDateRangeFilter,
  DataTableSelectFilter,
  TablePage,
  useListQuery,
  useTableState,
} from '../../../components/data-table'
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
  return (
    <TablePage
      title="Audit log"
      description="Sign-ins, changes to access and settings, exports, deletions and privacy requests: who, when and from where."
      access={{ need: 'admin', action: 'read the audit log' }}
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
      exportEndpoint={AUDIT_ENDPOINT}
      empty={{
        icon: ScrollText,
        title: 'Nothing recorded yet',
        description: 'Sign-ins, changes and exports appear here as they happen.',
      }}
    />
  )
}
