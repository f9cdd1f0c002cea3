import type { Db } from '../../db/db'

// The inbox's team: admins and ManageFeedback staff who are not suspended. They are alerted of new
// submissions (inbox-mail.ts) and are the people an entry may be assigned to (conversations).

export function inboxTeam(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('isRestricted', '=', false)
    .where((eb) =>
      eb.or([
        eb('role', '=', 'admin'),
        eb.and([eb('role', '=', 'staff'), eb('staffFunctions', 'like', '%"ManageFeedback"%')]),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .execute()
}
