import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { textLinkClasses } from '../auth-page'
import type { SessionState } from '../sessions/session'
import type { SignInProblem } from './sign-in-messages'

/** Why the sign-in did not go through (or what step is left), and who is still signed in if anyone. */
export function SignInProblemAlert({ problem, session }: { problem: SignInProblem; session: SessionState }) {
  return (
    <Alert
      // An unconfirmed address, or a code still to enter, is a step still to take, not a failure.
      variant={problem.offerResend ? 'warning' : problem.nextStep ? 'info' : 'danger'}
      title={problem.title}
      action={
        problem.offerReset ? (
          <Link className={textLinkClasses} to="/forgot-password">
            Reset your password
          </Link>
        ) : undefined
      }
    >
      <p>{problem.detail}</p>
      {session.status === 'authenticated' && (
        <p className="mt-1">
          You are still signed in as {session.user.name}.{' '}
          <Link className={textLinkClasses} to="/profile">
            Back to your profile
          </Link>
        </p>
      )}
    </Alert>
  )
}
