import { z } from 'zod'
import {
  assigneeListSchema,
  assignSchema,
  inboxMessageSchema,
  inboxThreadSchema,
  messageBodySchema,
} from '../../../shared/contract/inbox-conversations'
import { contactDetailSchema, quoteDetailSchema } from '../../../shared/contract/inbox-staff'
import { defineRoute } from '../../lib/http/route'
import type { RouteAccess } from '../../policies/route-access'
import { addNote, assignEntry, listAssignees, listThread, replyToEntry } from './conversations.service'
import type { TriageKind } from './triage/triage-access'
import { getContact, getQuote } from './triage/triage-tables.service'

// The conversation on a quote request or contact message: its thread of replies and internal notes,
// a reply (mailed to the sender), a note (never mailed) and who the entry is assigned to.

const STAFF: RouteAccess = { staff: ['ManageFeedback'] }
const idParams = z.object({ id: z.string().uuid() })

function conversationRoutes(kind: TriageKind, base: string, detail: z.ZodType, noun: string) {
  return [
    defineRoute({
      method: 'get',
      path: `${base}/:id/messages`,
      summary: `The replies and internal notes on one ${noun}, oldest first`,
      tags: ['inbox'],
      access: STAFF,
      request: { params: idParams },
      responses: { 200: { description: 'The thread', schema: inboxThreadSchema } },
      handler: (c, { params }) => listThread(c.var.deps, c.var.caller, kind, params.id),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/:id/replies`,
      summary: `Replies to the sender of one ${noun} by e-mail from the business's address (rate limited, audited)`,
      tags: ['inbox'],
      access: STAFF,
      request: { params: idParams, body: messageBodySchema },
      responses: {
        201: { description: 'The reply, on its way through the outbox', schema: inboxMessageSchema },
        429: { description: 'Too many replies in a short time' },
      },
      handler: (c, { params, body }) => replyToEntry(c.var.deps, c.var.caller, kind, params.id, body.body),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/:id/notes`,
      summary: `Adds an internal note to one ${noun} (staff only; never mailed)`,
      tags: ['inbox'],
      access: STAFF,
      request: { params: idParams, body: messageBodySchema },
      responses: { 201: { description: 'The note', schema: inboxMessageSchema } },
      handler: (c, { params, body }) => addNote(c.var.deps, c.var.caller, kind, params.id, body.body),
    }),
    defineRoute({
      method: 'put',
      path: `${base}/:id/assignee`,
      summary: `Assigns one ${noun} to a teammate, or to nobody (the assignee is notified; audited)`,
      tags: ['inbox'],
      access: STAFF,
      request: { params: idParams, body: assignSchema },
      responses: { 200: { description: `The ${noun} as it is now`, schema: detail } },
      handler: async (c, { params, body }) => {
        await assignEntry(c.var.deps, c.var.caller, kind, params.id, body.userId)
        return kind === 'quote'
          ? getQuote(c.var.deps, c.var.caller, params.id)
          : getContact(c.var.deps, c.var.caller, params.id)
      },
    }),
  ]
}

export const conversationsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/inbox/assignees',
    summary: 'The teammates a quote request or contact message may be assigned to',
    tags: ['inbox'],
    access: STAFF,
    responses: { 200: { description: 'Admins and ManageFeedback staff', schema: assigneeListSchema } },
    handler: (c) => listAssignees(c.var.deps, c.var.caller),
  }),
  ...conversationRoutes('quote', '/api/inbox/quotes', quoteDetailSchema, 'quote request'),
  ...conversationRoutes('contact', '/api/inbox/contacts', contactDetailSchema, 'contact message'),
]
