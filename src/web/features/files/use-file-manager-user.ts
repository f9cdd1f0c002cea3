import { useSession } from '../accounts/session'

/** Super users (admins and ManageFolders staff) see All folders, create public folders, empty the trash. */
export function useIsFolderSuperUser(): boolean {
  const session = useSession()
  const user = session.user
  return (
    !!user &&
    (user.role === 'admin' || (user.role === 'staff' && user.staffFunctions.includes('ManageFolders')))
  )
}
