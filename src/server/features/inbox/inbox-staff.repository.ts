import type { Db } from '../../db/db'

// Who the inbox alerts: the staff side of a submission's mails (inbox-mail.ts).

/** Admins and ManageFeedback staff who may be alerted (restricted accounts are suspended). */
export function inboxStaffAddresses(trx: Db) {
  return trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('isRestricted', '=', false)
    .where((eb) =>
      eb.or([
        eb('role', '=', 'admin'),
        eb.and([eb('role', '=', 'staff'), eb('staffFunctions', 'like', '%"ManageFeedback"%')]),
      ]),
    )
    .orderBy('id')
    .execute()
}
