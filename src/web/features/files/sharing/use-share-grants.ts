import type { PermissionType } from '../../../../shared/enums'
import { filesApi, useFilesMutation } from '../files-api'

/**
 * The share dialog's writes on one folder: give someone a level (by account, or by a typed e-mail
 * address), or take a direct grant away. One set per dialog, so adding someone and changing a level
 * in the list share the grant's pending state.
 */
export function useShareGrants(folderId: string) {
  const grant = useFilesMutation((a: { userId: string; level: PermissionType }) =>
    filesApi.grant(folderId, a.userId, a.level),
  )
  const shareByEmail = useFilesMutation((a: { email: string; level: PermissionType }) =>
    filesApi.shareByEmail(folderId, a.email, a.level),
  )
  const revoke = useFilesMutation((userId: string) => filesApi.revoke(folderId, userId))
  return { grant, shareByEmail, revoke }
}

export type ShareGrants = ReturnType<typeof useShareGrants>
