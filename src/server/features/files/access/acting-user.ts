import { parseStaffFunctions } from '../../../../shared/staff-functions'
import type { SignedInCaller } from '../../../lib/http/caller'
import type { ActingUserRow } from './acting-user.repository'

// Someone who is not making this request but whose rights decide it, as they stand now: a share
// link's creator at each use, the person who shared a folder with an address when that address's
// account claims it.

export function actingUser(row: ActingUserRow): SignedInCaller {
  return {
    kind: 'user',
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    staffFunctions: parseStaffFunctions(row.staffFunctions),
    isRestricted: row.isRestricted,
    emailVerified: true,
  }
}
