import type { Kysely, Transaction } from 'kysely'
import type { NotificationAction, NotificationType } from '../../../shared/enums'
import type { DB } from '../../db/schema'
import { newId } from '../../lib/ids'

/**
 * The one way to record a notification (product.md §5): call it inside the transaction of the action
 * that caused it. `actor` is who acted (a snapshot of their name); the audience is `forAll` (everyone
 * eligible for the type, decided when read) or `forUsers`. Reading, read state and live delivery are
 * built by the notifications issue on top of these rows.
 */
export interface NotificationInput {
  type: NotificationType
  action: NotificationAction
  actor: { id: string | null; name: string }
  mainItem?: string | null
  subItem?: string | null
  audience: { forAll: true } | { forUsers: readonly string[] }
  refs?: { folder_id?: string; file_id?: string; product_id?: string; order_id?: string }
}

export async function notify(
  db: Kysely<DB> | Transaction<DB>,
  input: NotificationInput,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime())
  const stamp = now.toISOString()
  await db
    .insertInto('notifications')
    .values({
      id,
      type: input.type,
      action: input.action,
      user_name: input.actor.name,
      user_id: input.actor.id,
      mainItem: input.mainItem ?? null,
      subItem: input.subItem ?? null,
      forAll: 'forAll' in input.audience,
      for_users: JSON.stringify('forUsers' in input.audience ? [...new Set(input.audience.forUsers)] : []),
      folder_id: input.refs?.folder_id ?? null,
      file_id: input.refs?.file_id ?? null,
      product_id: input.refs?.product_id ?? null,
      order_id: input.refs?.order_id ?? null,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute()
  return id
}
