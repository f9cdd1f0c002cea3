import type { ReactNode } from 'react'
import { Link, Navigate, useLocation } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { formatDateTime } from '../../../lib/format'
import { useSession } from '../sessions/session'

/** Where a staff member or admin sets up the two-factor sign-in the admins require of them. */
export const TWO_FACTOR_ENROL_PATH = '/account/two-factor'

/**
 * The admins' two-factor requirement, as GitHub does it (decision 0112): during the grace period a
 * banner above every page says by when to set it up; once it has ended, every page sends the user to
 * set it up (the API refuses everything else with `two_factor_enrolment_required`).
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const session = useSession()
  const { pathname } = useLocation()
  if (session.status !== 'authenticated') return children
  if (session.user.mustEnrolTwoFactor && pathname !== TWO_FACTOR_ENROL_PATH) {
    return <Navigate to={TWO_FACTOR_ENROL_PATH} replace />
  }
  const dueBy = session.user.twoFactorDueBy
  if (!dueBy || pathname === TWO_FACTOR_ENROL_PATH) return children
  return (
    <>
      <Alert
        variant="warning"
        role="status"
        title="Set up two-factor sign-in"
        className="mb-4"
        action={
          <Link to={TWO_FACTOR_ENROL_PATH} className="font-medium underline">
            Set it up now
          </Link>
        }
      >
        The admins require it for your account. After {formatDateTime(dueBy)} you will not be able to do
        anything else until it is set up.
      </Alert>
      {children}
    </>
  )
}
