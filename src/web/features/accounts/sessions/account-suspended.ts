import type { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../../../lib/api'
import { applySignedOut } from './session'

// An admin restricted the account while this tab was signed in: the server answers the tab's next
// request with 401 `account_restricted`. The tab then signs out (ending the session and its cookie),
// forgets the user's data, which also closes the notification stream and the bell, and says why.

export const SUSPENDED_PATH = '/account-suspended'
let signingOut = false

export function signOutIfSuspended(
  error: unknown,
  queryClient: QueryClient,
  navigate: (path: string, options: { replace: boolean }) => unknown,
): void {
  if (signingOut || !isApiError(error, 'account_restricted')) return
  signingOut = true
  // Leave signed-in pages first, so none of them asks the server again as the old user.
  void Promise.resolve(navigate(SUSPENDED_PATH, { replace: true })).then(() => {
    applySignedOut(queryClient)
    // The Auth.js calls load when used, not with every page (decision 0096).
    return import('../auth-client')
      .then((auth) => auth.signOut())
      .catch(() => {
        // The cookie may outlive a failed sign-out; the server still refuses it on every request.
      })
      .finally(() => {
        signingOut = false
      })
  })
}
