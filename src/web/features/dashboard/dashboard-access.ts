import type { SessionUser } from '../../../shared/contract/accounts'
import { hasStaffFunction } from '../../../shared/staff-functions'

// Who is offered the dashboard (the server decides for real, part by part): admins, and staff who look
// after the shop, the inbox or the files. For them it is also the first page after signing in.

export const DASHBOARD_PATH = '/staff/dashboard'

export function canSeeDashboard(
  user: Pick<SessionUser, 'role' | 'staffFunctions'> | null | undefined,
): boolean {
  return (
    hasStaffFunction(user, 'AccessShop') ||
    hasStaffFunction(user, 'ManageFeedback') ||
    hasStaffFunction(user, 'ManageFolders')
  )
}

/**
 * Where someone goes after signing in: the page they were sent from when there is one (an explicit
 * callbackUrl), otherwise the dashboard for those who may see it and the home page for everyone else.
 */
export function landingPath(
  path: string,
  explicit: boolean,
  user: Pick<SessionUser, 'role' | 'staffFunctions'> | null | undefined,
): string {
  return !explicit && path === '/' && canSeeDashboard(user) ? DASHBOARD_PATH : path
}
