import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useSession } from './session'

/** Where a staff member or admin sets up the two-factor sign-in the admins require of them. */
export const TWO_FACTOR_ENROL_PATH = '/account/two-factor'

/**
 * While the admins require two-factor sign-in of the signed-in user and they have not set it up, every
 * page sends them to set it up (the API refuses everything else with `two_factor_enrolment_required`).
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const session = useSession()
  const { pathname } = useLocation()
  if (
    session.status === 'authenticated' &&
    session.user.mustEnrolTwoFactor &&
    pathname !== TWO_FACTOR_ENROL_PATH
  ) {
    return <Navigate to={TWO_FACTOR_ENROL_PATH} replace />
  }
  return children
}
