import { useMutation, useQuery } from '@tanstack/react-query'
import {
  type EbookConfirmed,
  ebookConfirmedSchema,
  ebookUnsubscribedSchema,
  formSetupSchema,
  QUOTE_ATTACHMENTS,
  submissionReceivedSchema,
} from '../../../shared/contract/inbox'
import { api } from '../../lib/api'

// The inbox's public endpoints over HTTP: the form setup each form fetches when it opens, the three
// submissions, and the e-book link's confirm and unsubscribe.

export type PublicForm = 'quote' | 'contact' | 'ebook'

export const SUBMIT_PATHS: Record<PublicForm, string> = {
  quote: '/api/inbox/quotes',
  contact: '/api/inbox/contacts',
  ebook: '/api/inbox/ebook-requests',
}

/**
 * The signed issue time, the services and the prefill. Fetched fresh for every form that opens and
 * never refetched behind the form's back: a new token restarts the minimum fill time.
 */
export function useFormSetup(form: PublicForm) {
  return useQuery({
    queryKey: ['inbox', 'form-setup', form],
    queryFn: ({ signal }) => api.get('/api/inbox/form', { signal, schema: formSetupSchema }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export function submitForm(form: PublicForm, body: Record<string, unknown>) {
  return api.post(SUBMIT_PATHS[form], body, { schema: submissionReceivedSchema })
}

/**
 * The quote form with its files, as multipart/form-data: the fields as text parts, then the files
 * (the server streams them to storage in that order).
 */
export function submitQuoteWithFiles(body: Record<string, unknown>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(body)) {
    if (name === QUOTE_ATTACHMENTS.field || value === undefined || value === null) continue
    form.append(name, String(value))
  }
  const files = (body[QUOTE_ATTACHMENTS.field] ?? []) as File[]
  for (const file of files) form.append(QUOTE_ATTACHMENTS.field, file, file.name)
  return api.post('/api/inbox/quotes/with-attachments', form, { schema: submissionReceivedSchema })
}

export function useConfirmEbook() {
  return useMutation({
    mutationFn: (token: string): Promise<EbookConfirmed> =>
      api.post('/api/inbox/ebook/confirm', { token }, { schema: ebookConfirmedSchema }),
  })
}

export function useUnsubscribeEbook() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/inbox/ebook/unsubscribe', undefined, {
        query: { token },
        schema: ebookUnsubscribedSchema,
      }),
  })
}

/** Where the e-book file is served from (answers 409 until an admin's file can be served). */
export function ebookDownloadHref(token: string): string {
  return `/api/inbox/ebook/download?token=${encodeURIComponent(token)}`
}
