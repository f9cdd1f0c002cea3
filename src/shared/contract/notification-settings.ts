import { z } from 'zod'
import type { NotificationType } from '../enums'

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
