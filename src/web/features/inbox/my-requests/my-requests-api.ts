import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { type MyRequest, myRequestListSchema } from '../../../../shared/contract/my-requests'
import { api } from '../../../lib/api'

// "My requests" over HTTP: the signed-in customer's quote requests and contact messages with their
// threads (one list; a request's page reads its entry from it), and answering one.

export const myRequestsKey = ['me', 'requests'] as const

export type RequestKind = MyRequest['kind']

export const REQUEST_KIND_PATHS: Record<RequestKind, string> = { quote: 'quotes', contact: 'contacts' }

export function useMyRequests() {
  return useQuery({
    queryKey: myRequestsKey,
    queryFn: ({ signal }) => api.get('/api/me/requests', { signal, schema: myRequestListSchema }),
  })
}

const answeredSchema = z.object({ id: z.string() })

export function useAnswerRequest(kind: RequestKind, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) =>
      api.post(
        `/api/me/requests/${REQUEST_KIND_PATHS[kind]}/${encodeURIComponent(id)}/messages`,
        { body },
        { schema: answeredSchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRequestsKey }),
  })
}
