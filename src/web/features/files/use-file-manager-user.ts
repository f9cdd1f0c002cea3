import { hasStaffFunction } from '../../../shared/staff-functions'
import { useSession } from '../accounts/sessions/session'

/** Super users (admins and ManageFolders staff) see All folders, create public folders, empty the trash. */
export function useIsFolderSuperUser(): boolean {
  const session = useSession()
  return hasStaffFunction(session.user, 'ManageFolders')
}
