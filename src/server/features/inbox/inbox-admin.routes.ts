import {
  inboxSettingsSchema,
  inboxSettingsUpdateSchema,
  privacyEraseResultSchema,
  privacyExportSchema,
  privacyRequestSchema,
} from '../../../shared/contract/inbox-staff'
import { defineRoute } from '../../lib/http/route'
import { getInboxSettings, updateInboxSettings } from './inbox-settings.service'
import { erasePersonalData, exportPersonalData } from './privacy.service'

// The admin's side of the inbox: its settings, and the privacy export and erase by e-mail address.
// The address travels in a POST body, never in a URL (URLs end up in logs and browser history).

export const inboxAdminRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/inbox-settings',
    summary: 'The inbox settings: services list, e-book file, retention of resolved entries',
    tags: ['admin', 'inbox'],
    access: 'admin',
    responses: { 200: { description: 'The settings', schema: inboxSettingsSchema } },
    handler: (c) => getInboxSettings(c.var.deps, c.var.caller),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/admin/inbox-settings',
    summary: 'Changes inbox settings (audited)',
    tags: ['admin', 'inbox'],
    access: 'admin',
    request: { body: inboxSettingsUpdateSchema },
    responses: { 200: { description: 'The settings after the change', schema: inboxSettingsSchema } },
    handler: (c, { body }) => updateInboxSettings(c.var.deps, c.var.caller, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/privacy/export',
    summary: 'Everything the inbox holds for an e-mail address, as JSON (audited)',
    tags: ['admin', 'inbox'],
    access: 'admin',
    request: { body: privacyRequestSchema },
    responses: {
      200: { description: 'The quote requests, contacts and e-book entry', schema: privacyExportSchema },
    },
    handler: (c, { body }) => exportPersonalData(c.var.deps, c.var.caller, body.email),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/privacy/erase',
    summary: 'Erases everything the inbox holds for an e-mail address (audited)',
    tags: ['admin', 'inbox'],
    access: 'admin',
    request: { body: privacyRequestSchema },
    responses: { 200: { description: 'How much was erased', schema: privacyEraseResultSchema } },
    handler: (c, { body }) => erasePersonalData(c.var.deps, c.var.caller, body.email),
  }),
]
