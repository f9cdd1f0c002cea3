import { z } from 'zod'
import { NOTIFICATION_ACTIONS, NOTIFICATION_TYPES, type NotificationType } from '../enums'

// The notification inbox (product.md §5): list, unread count, read state, live stream.

export const NOTIFICATION_READ_STATES = ['unread', 'read', 'all'] as const
export type NotificationReadState = (typeof NOTIFICATION_READ_STATES)[number]

export const DEFAULT_NOTIFICATION_PAGE = 20
export const MAX_NOTIFICATION_PAGE = 100

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// Query strings carry text; a blank value (a cleared filter) means "not given".
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const wholeNumber = (v: unknown) => {
  const value = blank(v)
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value
}

/** A notification id: a UUID, compared lower-case (ids sort in the order notifications were made). */
export const notificationIdSchema = z
  .string({ error: 'Use a notification id.' })
  .regex(UUID, { error: 'Use a notification id.' })
  .transform((s) => s.toLowerCase())

export const notificationListQuerySchema = z.object({
  type: z.preprocess(
    blank,
    z
      .enum(NOTIFICATION_TYPES, { error: `Type must be one of: ${NOTIFICATION_TYPES.join(', ')}.` })
      .optional(),
  ),
  read: z.preprocess(
    blank,
    z
      .enum(NOTIFICATION_READ_STATES, {
        error: `Read must be one of: ${NOTIFICATION_READ_STATES.join(', ')}.`,
      })
      .default('all'),
  ),
  /** The `nextCursor` of the previous page: entries older than it. */
  cursor: z.preprocess(blank, notificationIdSchema.optional()),
  limit: z.preprocess(
    wholeNumber,
    z
      .number({ error: 'Limit must be a whole number.' })
      .int({ error: 'Limit must be a whole number.' })
      .min(1, { error: 'Limit must be at least 1.' })
      .max(MAX_NOTIFICATION_PAGE, { error: `Limit can be at most ${MAX_NOTIFICATION_PAGE}.` })
      .default(DEFAULT_NOTIFICATION_PAGE),
  ),
})
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>

/**
 * What an entry says, in parts, so the web app words it ("‹actor› uploaded 12 files to Reports").
 * `item` is what was acted on (a file, folder or product name, an order reference, a sender, the new
 * staff functions), `where` is the place (a folder) or the person it concerns, `count` how many things
 * the entry stands for (more than 1 for a grouped burst), `aboutViewer` true when it concerns the
 * reader themself ("changed your staff functions", "your order … was refunded"). For an order
 * `updated` entry, `where` says what happened: `refunded`, `partly refunded` or `refund failed`.
 */
export const notificationSentenceSchema = z.object({
  actor: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  action: z.enum(NOTIFICATION_ACTIONS),
  item: z.string().nullable(),
  count: z.number().int().min(1),
  /** How many items the things acted on held ("trashed folder Reports, 124 items"); 0 when none. */
  contents: z.number().int().min(0),
  where: z.string().nullable(),
  /** The money it is about (a refund), in minor units of `currency`. */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  aboutViewer: z.boolean(),
})
export type NotificationSentence = z.infer<typeof notificationSentenceSchema>

export const notificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    action: z.enum(NOTIFICATION_ACTIONS),
    /** The actor, and their name as it was then. */
    user_id: z.string().nullable(),
    user_name: z.string(),
    mainItem: z.string().nullable(),
    subItem: z.string().nullable(),
    forAll: z.boolean(),
    folder_id: z.string().nullable(),
    file_id: z.string().nullable(),
    product_id: z.string().nullable(),
    order_id: z.string().nullable(),
    itemCount: z.number().int().min(1),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The reader's own state. */
    read: z.boolean(),
    sentence: notificationSentenceSchema,
    /** Where opening the entry leads in the web app, or null when the thing is gone. */
    link: z.string().nullable(),
  })
  .meta({ id: 'Notification' })
export type Notification = z.infer<typeof notificationSchema>

export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** The reader's unread count, whatever the filters. */
    unread: z.number().int().min(0),
  })
  .meta({ id: 'NotificationList' })
export type NotificationList = z.infer<typeof notificationListSchema>

export const unreadCountSchema = z
  .object({
    unread: z.number().int().min(0),
    /** The newest notification the reader can see, so a page can tell whether its list is stale. */
    latestId: z.string().nullable(),
  })
  .meta({ id: 'NotificationUnreadCount' })
export type UnreadCount = z.infer<typeof unreadCountSchema>

export const notificationReadBodySchema = z.object({
  read: z.boolean({ error: 'Say whether it is read: true or false.' }),
})

export const markAllReadBodySchema = z
  .object({
    /**
     * The newest notification the reader has seen. Everything up to it becomes read; anything newer
     * (arriving after the page loaded) stays unread. Default: everything that exists now.
     */
    upTo: notificationIdSchema.optional(),
  })
  .default({})

/** Server-sent events on GET /api/notifications/stream. */
export const NOTIFICATION_STREAM_EVENTS = {
  /**
   * The stream is live (after any replay). data: { position }; id: the position, so a reconnect
   * resumes from here even if no notification came in between.
   */
  ready: 'ready',
  /** data: a Notification; id: its id (resume point). */
  notification: 'notification',
  /** data: { unread } after each batch. */
  unread: 'unread',
  /** Too much was missed to replay: refetch the list. data: { position }; id: the new resume point. */
  reset: 'reset',
  /** The session ended (signed out, restricted, expired): data: { reason }. The stream then closes. */
  end: 'end',
  /** What the reader may open changed (a share revoked): refetch the file manager's lists. data: {}. */
  access: 'access',
} as const

/** POST /api/notifications/read-all: the unread count after (notifications made later stay unread). */
export const readAllResultSchema = z.object({ unread: z.number().int().min(0) })

// Notification settings (product.md §8, docs/decisions/0143): per kind of notification, a bell entry,
// a bell entry and a line in the e-mail digest, or nothing; and how often the digest may come.

/** The kinds a person can set, each a few notification types. */
export const NOTIFICATION_KINDS = ['files', 'shop', 'inbox'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/**
 * Which kind each type belongs to. `account` (staff function changes) is not settable: what is done
 * to someone's own access always reaches them.
 */
export const KIND_OF_TYPE: Record<NotificationType, NotificationKind | 'account'> = {
  folder: 'files',
  file: 'files',
  product: 'shop',
  order: 'shop',
  quote: 'inbox',
  feedback: 'inbox',
  staffFunction: 'account',
}

export function typesOfKind(kind: NotificationKind): NotificationType[] {
  return (Object.keys(KIND_OF_TYPE) as NotificationType[]).filter((type) => KIND_OF_TYPE[type] === kind)
}

export const NOTIFICATION_DELIVERIES = ['bell', 'bell_email', 'off'] as const
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number]

export const DIGEST_FREQUENCIES = ['hourly', 'daily'] as const
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number]

/** Until someone saves their own: everything in the bell, no e-mail (an unasked-for e-mail is noise). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettingsBody = {
  files: 'bell',
  shop: 'bell',
  inbox: 'bell',
  digest: 'hourly',
}

const delivery = (label: string) =>
  z.enum(NOTIFICATION_DELIVERIES, {
    error: `Choose how to hear of ${label}: in the bell, in the bell and by e-mail, or not at all.`,
  })

export const notificationSettingsBodySchema = z
  .object({
    files: delivery('files and folders'),
    shop: delivery('orders and products'),
    inbox: delivery('quote requests and messages'),
    digest: z.enum(DIGEST_FREQUENCIES, { error: 'Choose how often the e-mail comes: hourly or daily.' }),
  })
  .strict()
  .meta({ id: 'NotificationSettingsBody' })
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>

export const notificationSettingsSchema = notificationSettingsBodySchema
  .extend({
    /** Whether these are the person's own choices (false: the defaults, never saved). */
    saved: z.boolean(),
    /** The shortest gap between two digests for `hourly` (the operator's setting), in minutes. */
    hourlyMinutes: z.number().int().min(1),
  })
  .meta({ id: 'NotificationSettings' })
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>
