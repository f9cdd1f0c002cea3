import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationSettings,
  type NotificationSettingsBody,
  typesOfKind,
} from '../../../shared/contract/notifications'
import type { NotificationType } from '../../../shared/enums'
import type { AppDeps } from '../../deps'
import type { Caller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import * as settings from './notification-settings.repository'
import { latestId } from './notifications.repository'
import { announceAccessChange } from './notify'

// A person's notification settings (docs/decisions/0143): per kind, the bell, the bell and the e-mail
// digest, or nothing. Staff function changes (account and security) are not a kind one can turn off.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'>

type Choices = Pick<settings.SettingsRow, 'files' | 'shop' | 'inbox' | 'digest'>

function choicesOf(row: Choices | undefined): NotificationSettingsBody {
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS
  return { files: row.files, shop: row.shop, inbox: row.inbox, digest: row.digest }
}

/** The types whose kind the person turned off: no bell entry, no e-mail. */
export function mutedTypes(row: Choices | undefined): NotificationType[] {
  return typesWith(choicesOf(row), (d) => d === 'off')
}

/** The types whose kind the person wants in the e-mail digest. */
export function emailedTypes(choices: Pick<NotificationSettingsBody, 'files' | 'shop' | 'inbox'>) {
  return typesWith(choices, (d) => d === 'bell_email')
}

function typesWith(
  choices: Pick<NotificationSettingsBody, 'files' | 'shop' | 'inbox'>,
  test: (delivery: NotificationDelivery) => boolean,
): NotificationType[] {
  return NOTIFICATION_KINDS.filter((kind) => test(choices[kind])).flatMap(typesOfKind)
}

function userId(actor: Caller): string {
  if (actor.kind !== 'user') throw problems.unauthenticated()
  return actor.id
}

export async function getNotificationSettings(deps: Deps, actor: Caller): Promise<NotificationSettings> {
  const row = await settings.findSettings(deps.database.db, userId(actor))
  return { ...choicesOf(row), saved: row !== undefined, hourlyMinutes: deps.env.notificationDigestMinutes }
}

/**
 * Saves the person's choices. Turning e-mail on (when no kind had it) starts the digest from now:
 * what happened before is not mailed after the fact. Announced like an access change: what the
 * person's inbox holds changes with the kinds they turn off.
 */
export async function saveNotificationSettings(
  deps: Deps,
  actor: Caller,
  body: NotificationSettingsBody,
): Promise<NotificationSettings> {
  const id = userId(actor)
  await deps.database.db.transaction().execute(async (trx) => {
    const before = await settings.findSettings(trx, id)
    const mailedBefore = before !== undefined && emailedTypes(before).length > 0
    await settings.saveSettings(trx, {
      user_id: id,
      files: body.files,
      shop: body.shop,
      inbox: body.inbox,
      digest: body.digest,
      updatedAt: deps.clock().toISOString(),
      digestAfter: (await latestId(trx)) ?? '',
      moveWatermark: !mailedBefore,
    })
    // Their open streams read the kinds turned off again at once (the event also reaches their pages).
    await announceAccessChange(trx, id)
  })
  return getNotificationSettings(deps, actor)
}
