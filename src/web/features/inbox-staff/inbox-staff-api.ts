import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type BulkActionInput,
  bulkResultSchema,
  type ContactDetail,
  type ContactSummary,
  contactDetailSchema,
  contactListSchema,
  type EbookEntry,
  ebookListSchema,
  type QuoteDetail,
  type QuoteSummary,
  quoteDetailSchema,
  quoteListSchema,
} from '../../../shared/contract/inbox-staff'
import type { InboxStatus } from '../../../shared/enums'
import { useListQuery } from '../../components/data-table'
import { api } from '../../lib/api'
import { EBOOK_ENDPOINT, TRIAGE_KINDS, type TriageKind } from './triage-tables'

// The triage tables over HTTP: pages of each list, one entry, and the changes staff make. Every
// change reloads the whole kind (lists and entries), since a status change moves rows between filters.

export const inboxStaffKeys = {
  all: ['inbox-staff'] as const,
  kind: (kind: TriageKind | 'ebook') => [...inboxStaffKeys.all, kind] as const,
  lists: (kind: TriageKind | 'ebook') => [...inboxStaffKeys.kind(kind), 'list'] as const,
  detail: (kind: TriageKind, id: string) => [...inboxStaffKeys.kind(kind), 'detail', id] as const,
}

export type TriageSummary = QuoteSummary | ContactSummary
export type TriageDetail = QuoteDetail | ContactDetail

export function useQuoteList(query: Record<string, string | number>) {
  return useListQuery<QuoteSummary>({
    queryKey: inboxStaffKeys.lists('quote'),
    endpoint: TRIAGE_KINDS.quote.endpoint,
    schema: quoteListSchema,
    query,
  })
}

export function useContactList(query: Record<string, string | number>) {
  return useListQuery<ContactSummary>({
    queryKey: inboxStaffKeys.lists('contact'),
    endpoint: TRIAGE_KINDS.contact.endpoint,
    schema: contactListSchema,
    query,
  })
}

export function useEbookList(query: Record<string, string | number>) {
  return useListQuery<EbookEntry>({
    queryKey: inboxStaffKeys.lists('ebook'),
    endpoint: EBOOK_ENDPOINT,
    schema: ebookListSchema,
    query,
  })
}

const entryUrl = (kind: TriageKind, id: string) => `${TRIAGE_KINDS[kind].endpoint}/${encodeURIComponent(id)}`
const detailSchemas = { quote: quoteDetailSchema, contact: contactDetailSchema } as const

export function useTriageEntry(kind: TriageKind, id: string) {
  return useQuery<TriageDetail>({
    queryKey: inboxStaffKeys.detail(kind, id),
    queryFn: ({ signal }) =>
      api.get<TriageDetail>(entryUrl(kind, id), { signal, schema: detailSchemas[kind] }),
  })
}

/** Resolve or reopen one entry; the answer is the entry as it is now. */
export function useChangeStatus(kind: TriageKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (status: InboxStatus) =>
      api.patch<TriageDetail>(entryUrl(kind, id), { status }, { schema: detailSchemas[kind] }),
    onSuccess: async (entry) => {
      queryClient.setQueryData(inboxStaffKeys.detail(kind, id), entry)
      await queryClient.invalidateQueries({ queryKey: inboxStaffKeys.lists(kind) })
    },
  })
}

export function useDeleteEntry(kind: TriageKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete(entryUrl(kind, id)),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: inboxStaffKeys.detail(kind, id) })
      await queryClient.invalidateQueries({ queryKey: inboxStaffKeys.lists(kind) })
    },
  })
}

/** Resolve, reopen or delete several at once (the e-book list only deletes); one outcome per id. */
export function useBulkAction(kind: TriageKind | 'ebook') {
  const queryClient = useQueryClient()
  const endpoint = kind === 'ebook' ? EBOOK_ENDPOINT : TRIAGE_KINDS[kind].endpoint
  return useMutation({
    mutationFn: (input: BulkActionInput) => api.post(`${endpoint}/bulk`, input, { schema: bulkResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxStaffKeys.kind(kind) }),
  })
}
