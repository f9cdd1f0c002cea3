import type { PermissionType } from '../../../../shared/enums'
import { filesApi, useFilesMutation } from '../files-api'

/**
 * The share dialog's writes on one folder: give someone a level (by account, or by a typed e-mail
 * address, with an optional message), take a direct grant away, or take back an invitation. One set per dialog, so adding someone and changing a level
 * in the list share the grant's pending state.
 */
export function useShareGrants(folderId: string) {
  const grant = useFilesMutation((a: { userId: string; level: PermissionType; message?: string }) =>
    filesApi.grant(folderId, a.userId, a.level, a.message),
  )
  const shareByEmail = useFilesMutation((a: { email: string; level: PermissionType; message?: string }) =>
    filesApi.shareByEmail(folderId, a.email, a.level, a.message),
  )
  const revoke = useFilesMutation((userId: string) => filesApi.revoke(folderId, userId))
  const cancelPending = useFilesMutation((pendingId: string) =>
    filesApi.cancelPendingShare(folderId, pendingId),
  )
  return { grant, shareByEmail, revoke, cancelPending }
}

export type ShareGrants = ReturnType<typeof useShareGrants>
