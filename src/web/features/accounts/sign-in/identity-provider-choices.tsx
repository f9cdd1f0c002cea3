import type { AuthProvider } from '../sessions/session-api'
import { ProviderButton } from './provider-buttons'
import type { SignInProblem } from './sign-in-messages'

/** "or", then "Continue with …" each configured identity provider; nothing when there are none. */
export function IdentityProviderChoices({
  providers,
  callbackPath,
  onProblem,
}: {
  providers: AuthProvider[]
  callbackPath: string
  onProblem: (problem: SignInProblem) => void
}) {
  if (providers.length === 0) return null
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs font-medium text-fg-muted uppercase">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((provider) => (
        <ProviderButton
          key={provider.id}
          provider={provider}
          callbackPath={callbackPath}
          label={`Continue with ${provider.name}`}
          onProblem={onProblem}
        />
      ))}
    </div>
  )
}
