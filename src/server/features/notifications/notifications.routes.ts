import { z } from 'zod'
import {
  markAllReadBodySchema,
  notificationIdSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadBodySchema,
  notificationSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  readAllResultSchema,
  unreadCountSchema,
} from '../../../shared/contract/notifications'
import { jsonWithEtag } from '../../lib/blobs/etag'
import { ifNoneMatchHeader, revalidatedJson } from '../../lib/http/documented-headers'
import { defineRoute } from '../../lib/http/route'
import { getNotificationSettings, saveNotificationSettings } from './notification-settings.service'
import {
  dismissNotification,
  getUnreadCount,
  listNotifications,
  markAllRead,
  setNotificationRead,
} from './notifications.service'
import { openNotificationStream } from './notifications.stream'

// The reader's notification inbox. Everyone signed in has one; what is in it is decided
// per notification by eligibility (notifications.repository.ts), so every route is `signedIn`.

const idParams = z.object({ id: notificationIdSchema })
const revalidate = 'Answers 304 to an If-None-Match naming the current ETag (polling fallback).'

export const notificationsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/notifications',
    summary: 'The reader’s notifications, newest first, filtered by type and read state',
    tags: ['notifications'],
    access: 'signedIn',
    request: { query: notificationListQuerySchema, headers: ifNoneMatchHeader },
    responses: revalidatedJson(
      `A page of notifications and the unread count. ${revalidate}`,
      notificationListSchema,
    ),
    handler: async (c, { query }) =>
      jsonWithEtag(c, await listNotifications(c.var.deps, c.var.caller, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/notifications/unread-count',
    summary: 'How many notifications the reader has not read',
    tags: ['notifications'],
    access: 'signedIn',
    request: { headers: ifNoneMatchHeader },
    responses: revalidatedJson(`The unread count (the bell). ${revalidate}`, unreadCountSchema),
    handler: async (c) => jsonWithEtag(c, await getUnreadCount(c.var.deps, c.var.caller)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/notifications/stream',
    summary: 'Live notifications as server-sent events',
    tags: ['notifications'],
    access: 'signedIn',
    responses: {
      200: {
        description:
          'text/event-stream. Events: `ready` (live; its id is the resume position), ' +
          '`notification` (id = notification id; send the last id back as Last-Event-ID ' +
          'to resume without gaps or duplicates), `unread` ({unread}), `reset` (too much missed: refetch), ' +
          '`end` (the session ended; the stream closes). A comment line every 20 s keeps it open.',
        contentType: 'text/event-stream',
      },
      406: { description: 'Not asked for as text/event-stream' },
    },
    handler: (c) => openNotificationStream(c),
  }),
  defineRoute({
    method: 'get',
    path: '/api/notifications/settings',
    summary: 'The reader’s notification settings: per kind, bell, bell and e-mail, or off',
    tags: ['notifications'],
    access: 'signedIn',
    responses: {
      200: {
        description: 'Their choices, or the defaults when never saved',
        schema: notificationSettingsSchema,
      },
    },
    handler: (c) => getNotificationSettings(c.var.deps, c.var.caller),
  }),
  defineRoute({
    method: 'put',
    path: '/api/notifications/settings',
    summary: 'Saves the reader’s notification settings',
    tags: ['notifications'],
    access: 'signedIn',
    request: { body: notificationSettingsBodySchema },
    responses: {
      200: { description: 'The settings as saved', schema: notificationSettingsSchema },
    },
    handler: (c, { body }) => saveNotificationSettings(c.var.deps, c.var.caller, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/notifications/read-all',
    summary: 'Marks read everything up to the newest the reader has seen',
    tags: ['notifications'],
    access: 'signedIn',
    request: { body: markAllReadBodySchema },
    responses: {
      200: {
        description: 'The unread count after: notifications made later stay unread. Idempotent.',
        schema: readAllResultSchema,
      },
    },
    handler: (c, { body }) => markAllRead(c.var.deps, c.var.caller, body.upTo),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/notifications/:id',
    summary: 'Marks one notification read or unread',
    tags: ['notifications'],
    access: 'signedIn',
    request: { params: idParams, body: notificationReadBodySchema },
    responses: {
      200: { description: 'The notification as the reader now sees it', schema: notificationSchema },
      404: { description: 'No such notification for this reader' },
    },
    handler: (c, { params, body }) => setNotificationRead(c.var.deps, c.var.caller, params.id, body.read),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/notifications/:id',
    summary: 'Dismisses a notification from the reader’s inbox (for them only)',
    tags: ['notifications'],
    access: 'signedIn',
    request: { params: idParams },
    responses: {
      204: { description: 'Dismissed' },
      404: { description: 'No such notification for this reader' },
    },
    handler: (c, { params }) => dismissNotification(c.var.deps, c.var.caller, params.id),
  }),
]
