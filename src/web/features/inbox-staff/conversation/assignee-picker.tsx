import { useId } from 'react'
import { ProblemAlert } from '../../../components/forms/problem-alert'
import { Select } from '../../../components/ui/select'
import { toast } from '../../../components/ui/toast-store'
import { useSession } from '../../accounts/sessions/session'
import type { TriageDetail } from '../inbox-staff-api'
import type { TriageKind } from '../triage-tables'
import { useAssign, useAssignees } from './conversation-api'

const NOBODY = ''

/** Who has the entry: a teammate who may see the inbox, or nobody. Changing it tells the new assignee. */
export function AssigneePicker({ kind, entry }: { kind: TriageKind; entry: TriageDetail }) {
  const id = useId()
  const assignees = useAssignees()
  const assign = useAssign(kind, entry.id)
  const me = useSession().user?.id
  const current = entry.assignedTo?.id ?? NOBODY
  // The current assignee stays listed even if they can no longer be chosen (their access changed).
  const options = assignees.data?.items ?? []
  const listed = entry.assignedTo && !options.some((o) => o.id === entry.assignedTo?.id)

  const choose = (value: string) =>
    assign.mutate(value === NOBODY ? null : value, {
      onSuccess: (saved) =>
        toast.success(saved.assignedTo ? `Assigned to ${saved.assignedTo.name}` : 'Not assigned to anyone'),
    })

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        Assigned to
      </label>
      <Select
        id={id}
        value={current}
        disabled={assign.isPending || assignees.isPending}
        aria-busy={assign.isPending || assignees.isPending}
        onChange={(event) => choose(event.target.value)}
      >
        <option value={NOBODY}>Nobody</option>
        {listed && entry.assignedTo && <option value={entry.assignedTo.id}>{entry.assignedTo.name}</option>}
        {options.map((person) => (
          <option key={person.id} value={person.id}>
            {person.id === me ? `${person.name} (you)` : person.name}
          </option>
        ))}
      </Select>
      {assignees.isError && <ProblemAlert title="Could not load your teammates" error={assignees.error} />}
      {assign.isError && <ProblemAlert title="The assignment was not changed" error={assign.error} />}
    </div>
  )
}
