import { z } from 'zod'
import { messageBodySchema } from '../../../../shared/contract/inbox-conversations'
import { myRequestListSchema } from '../../../../shared/contract/my-requests'
import { defineRoute } from '../../../lib/http/route'
import type { TriageKind } from '../triage/triage-access'
import { answerMyRequest, listMyRequests } from './my-requests.service'

// "My requests": a signed-in customer's own quote requests and contact messages, and answering one.

const idParams = z.object({ id: z.string().uuid() })

function answerRoute<P extends string>(kind: TriageKind, path: P, noun: string) {
  return defineRoute({
    method: 'post',
    path,
    summary: `Answers one of the caller's own ${noun}s: joins its thread, reopens it, mails nothing`,
    tags: ['inbox'],
    access: 'signedIn',
    request: { params: idParams, body: messageBodySchema },
    responses: {
      201: { description: 'The answer', schema: z.object({ id: z.string() }) },
      404: { description: `No such ${noun} sent from the caller's address` },
    },
    handler: (c, { params, body }) => answerMyRequest(c.var.deps, c.var.caller, kind, params.id, body.body),
  })
}

export const myRequestsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/me/requests',
    summary: "The caller's own quote requests and contact messages, with the business's replies",
    tags: ['inbox'],
    access: 'signedIn',
    responses: { 200: { description: 'Newest first', schema: myRequestListSchema } },
    handler: (c) => listMyRequests(c.var.deps, c.var.caller),
  }),
  answerRoute('quote', '/api/me/requests/quotes/:id/messages', 'quote request'),
  answerRoute('contact', '/api/me/requests/contacts/:id/messages', 'contact message'),
]
