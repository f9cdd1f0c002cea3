import type { Context } from 'hono'
import {
  CONTACT_RECEIVED_MESSAGE,
  contactInputSchema,
  EBOOK_REQUESTED_MESSAGE,
  ebookConfirmedSchema,
  ebookRequestInputSchema,
  ebookUnsubscribedSchema,
  formSetupSchema,
  linkTokenSchema,
  QUOTE_ATTACHMENTS,
  QUOTE_RECEIVED_MESSAGE,
  quoteRequestInputSchema,
  submissionReceivedSchema,
} from '../../../shared/contract/inbox'
import type { AppEnv } from '../../deps'
import { sendBlob } from '../../lib/blobs/blob-response'
import { presentation } from '../../lib/blobs/presentation-policy'
import {
  locationHeader,
  rangedDownloadResponses,
  rangeRequestHeaders,
} from '../../lib/http/documented-headers'
import { problems } from '../../lib/http/problem'
import { defineRoute } from '../../lib/http/route'
import { fieldErrors } from '../../lib/http/validation'
import { clientInfo } from '../accounts/client-info'
import { confirmEbook, ebookDownload, requestEbook, unsubscribeEbook } from './ebook.service'
import type { Sender } from './form-guard'
import { formSetup } from './form-setup.service'
import { EBOOK_PAGE_PATHS } from './inbox-links'
import { discardAttachments, readQuoteForm } from './quote-attachments'
import { submitContact, submitQuote } from './submissions.service'

// The inbox's public side (product.md §4): anyone may call these, signed in or not. A submission
// that the spam guard drops gets exactly the answer of an accepted one.

function senderOf(c: Context<AppEnv>): Sender {
  const actor = c.var.caller
  return { userId: actor.kind === 'user' ? actor.id : null, client: clientInfo(c), logger: c.var.logger }
}

const received = (message: string) => ({ status: 'received' as const, message })
const accepted = {
  202: {
    description: 'Received (also the answer when the spam guard drops it)',
    schema: submissionReceivedSchema,
  },
  422: { description: 'A field needs attention, or the form was open for over a day (`form_expired`)' },
  429: { description: 'Too many submissions from this address or for this e-mail; see Retry-After' },
}
const noStore = { 'Cache-Control': 'no-store' }

export const publicFormRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/inbox/form',
    summary: 'What a public form needs: a signed issue time, the services list, prefilled details',
    tags: ['inbox'],
    access: 'public',
    responses: { 200: { description: 'The form setup', schema: formSetupSchema } },
    handler: async (c) => c.json(await formSetup(c.var.deps, senderOf(c).userId), 200, noStore),
  }),
  defineRoute({
    method: 'post',
    path: '/api/inbox/quotes',
    summary: 'Sends a quote request',
    tags: ['inbox'],
    access: 'public',
    request: { body: quoteRequestInputSchema },
    responses: accepted,
    handler: async (c, { body }) => {
      await submitQuote(c.var.deps, senderOf(c), body)
      return c.json(received(QUOTE_RECEIVED_MESSAGE), 202)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/inbox/quotes/with-attachments',
    summary:
      'Sends a quote request with files (artwork, a brief): multipart/form-data with the JSON route’s fields ' +
      'as text parts and up to QUOTE_ATTACHMENTS.maxFiles files in `attachments`',
    tags: ['inbox'],
    access: 'public',
    request: { bodyType: 'multipart' },
    responses: {
      ...accepted,
      400: { description: 'The body is not well-formed multipart/form-data' },
      413: { description: 'The body is larger than the files’ total limit allows (`payload_too_large`)' },
      422: {
        description:
          'A field needs attention: the `attachments` field names each file refused (its kind, its size, ' +
          'too many, too much in all); nothing is kept. Or the form is over a day old (`form_expired`)',
      },
    },
    handler: async (c) => {
      const deps = c.var.deps
      const form = await readQuoteForm(c, deps)
      try {
        const parsed = quoteRequestInputSchema.safeParse(form.fields)
        const errors = parsed.success ? {} : fieldErrors(parsed.error)
        if (form.problems.length > 0) errors[QUOTE_ATTACHMENTS.field] = form.problems
        if (!parsed.success || form.problems.length > 0) throw problems.validation(errors)
        if (!(await submitQuote(deps, senderOf(c), parsed.data, form.stored)))
          await discardAttachments(deps, form.stored)
      } catch (error) {
        await discardAttachments(deps, form.stored)
        throw error
      }
      return c.json(received(QUOTE_RECEIVED_MESSAGE), 202)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/inbox/contacts',
    summary: 'Sends a contact or feedback message',
    tags: ['inbox'],
    access: 'public',
    request: { body: contactInputSchema },
    responses: accepted,
    handler: async (c, { body }) => {
      await submitContact(c.var.deps, senderOf(c), body)
      return c.json(received(CONTACT_RECEIVED_MESSAGE), 202)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/inbox/ebook-requests',
    summary: 'Asks for the e-book: mails a signed, expiring link (the same answer for every address)',
    tags: ['inbox'],
    access: 'public',
    request: { body: ebookRequestInputSchema },
    responses: {
      ...accepted,
      409: {
        description: 'The e-book is not published (`ebook_unavailable`): nothing is recorded or mailed',
      },
    },
    handler: async (c, { body }) => {
      await requestEbook(c.var.deps, senderOf(c), body)
      return c.json(received(EBOOK_REQUESTED_MESSAGE), 202)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/inbox/ebook/confirm',
    summary: 'Confirms the address from the e-mailed link (the page POSTs; opening the link changes nothing)',
    tags: ['inbox'],
    access: 'public',
    request: { body: linkTokenSchema },
    responses: {
      200: { description: 'Confirmed; whether the e-book can be downloaded', schema: ebookConfirmedSchema },
      400: { description: 'The link expired (`link_expired`) or is not valid (`link_invalid`)' },
    },
    handler: (c, { body }) => confirmEbook(c.var.deps, body.token),
  }),
  defineRoute({
    method: 'get',
    path: '/api/inbox/ebook/download',
    summary: 'Downloads the e-book with the e-mailed link’s token',
    tags: ['inbox'],
    access: 'public',
    request: { query: linkTokenSchema, headers: rangeRequestHeaders },
    responses: {
      ...rangedDownloadResponses('The e-book file, in its own type'),
      400: { description: 'The link expired or is not valid' },
      409: {
        description: 'No e-book file is chosen, or it is gone or in the trash (`ebook_not_configured`)',
      },
    },
    handler: async (c, { query }) => {
      const { mimetype, ...blob } = await ebookDownload(c.var.deps, query.token)
      return sendBlob(c, { ...blob, presentation: presentation(mimetype, 'attachment') })
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/inbox/ebook/unsubscribe',
    summary: 'Opens the unsubscribe page (mail clients without one-click open the List-Unsubscribe URL)',
    tags: ['inbox'],
    access: 'public',
    request: { query: linkTokenSchema },
    responses: {
      303: {
        description: 'To the unsubscribe page, whose button POSTs: a GET changes nothing',
        headers: locationHeader('The unsubscribe page'),
      },
    },
    handler: (c, { query }) => c.redirect(EBOOK_PAGE_PATHS.unsubscribe(query.token), 303),
  }),
  defineRoute({
    method: 'post',
    path: '/api/inbox/ebook/unsubscribe',
    summary: 'Unsubscribes from the e-book list: RFC 8058 one-click, or the unsubscribe page',
    tags: ['inbox'],
    access: 'public',
    csrfExempt:
      'RFC 8058 one-click unsubscribe: mail providers POST "List-Unsubscribe=One-Click" form-encoded from ' +
      'their servers, with no Origin and no cookies. The signed token in the URL is the proof, and the ' +
      'only thing it can do is take that one address off the list.',
    request: { query: linkTokenSchema, bodyType: 'form' },
    responses: {
      200: { description: 'Unsubscribed (also when it already was)', schema: ebookUnsubscribedSchema },
      400: { description: 'The link is not valid' },
    },
    handler: async (c, { query }) => {
      await unsubscribeEbook(c.var.deps, query.token)
      return c.json({ status: 'unsubscribed' as const }, 200, noStore)
    },
  }),
]
