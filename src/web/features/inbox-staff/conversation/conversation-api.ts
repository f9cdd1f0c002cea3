import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  assigneeListSchema,
  type InboxMessageKind,
  inboxMessageSchema,
  inboxThreadSchema,
} from '../../../../shared/contract/inbox-conversations'
import { contactDetailSchema, quoteDetailSchema } from '../../../../shared/contract/inbox-staff'
import { api } from '../../../lib/api'
import { inboxStaffKeys, type TriageDetail } from '../inbox-staff-api'
import { TRIAGE_KINDS, type TriageKind } from '../triage-tables'

// One entry's conversation over HTTP: its thread, a reply or note, the teammates it may be given to,
// and the assignment. A new message reloads the thread (the reply's e-mail status comes with it).

const entryUrl = (kind: TriageKind, id: string) => `${TRIAGE_KINDS[kind].endpoint}/${encodeURIComponent(id)}`
const threadKey = (kind: TriageKind, id: string) => [...inboxStaffKeys.detail(kind, id), 'thread'] as const
const assigneesKey = [...inboxStaffKeys.all, 'assignees'] as const
const detailSchemas = { quote: quoteDetailSchema, contact: contactDetailSchema } as const

export function useThread(kind: TriageKind, id: string) {
  return useQuery({
    queryKey: threadKey(kind, id),
    queryFn: ({ signal }) => api.get(`${entryUrl(kind, id)}/messages`, { signal, schema: inboxThreadSchema }),
  })
}

const PATHS: Record<InboxMessageKind, string> = { reply: 'replies', note: 'notes' }

export function usePostMessage(kind: TriageKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ as, body }: { as: InboxMessageKind; body: string }) =>
      api.post(`${entryUrl(kind, id)}/${PATHS[as]}`, { body }, { schema: inboxMessageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKey(kind, id) }),
  })
}

export function useAssignees() {
  return useQuery({
    queryKey: assigneesKey,
    queryFn: ({ signal }) => api.get('/api/inbox/assignees', { signal, schema: assigneeListSchema }),
  })
}

export function useAssign(kind: TriageKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string | null) =>
      api.put<TriageDetail>(`${entryUrl(kind, id)}/assignee`, { userId }, { schema: detailSchemas[kind] }),
    onSuccess: async (entry) => {
      queryClient.setQueryData(inboxStaffKeys.detail(kind, id), entry)
      await queryClient.invalidateQueries({ queryKey: inboxStaffKeys.lists(kind) })
    },
  })
}
