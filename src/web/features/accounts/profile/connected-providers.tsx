import { useId, useState } from 'react'
import type { Me } from '../../../../shared/contract/accounts'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Card, CardHeader } from '../../../components/ui/card'
import { useIdentityProviders } from '../sessions/session'
import { ProviderButton } from '../sign-in/provider-buttons'
import type { SignInProblem } from '../sign-in/sign-in-messages'

/**
 * The identity providers configured on this site, and which of them sign in to this account.
 * "Connect" runs the provider's sign-in while signed in, which links it to this account (never
 * silently by matching e-mail addresses, product.md §1). Nothing shows when no provider is configured.
 */
export function ConnectedProviders({ me }: { me: Me }) {
  const titleId = useId()
  const providers = useIdentityProviders()
  const [problem, setProblem] = useState<SignInProblem>()
  const list = providers.data ?? []
  if (list.length === 0) return null

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Sign-in providers"
        description="Connect a provider to sign in with it as well as with your password."
      />
      {problem && (
        <Alert variant="danger" title={problem.title}>
          {problem.detail}
        </Alert>
      )}
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {list.map((provider) => {
          const connected = me.providers.includes(provider.id)
          return (
            <li key={provider.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="font-medium text-fg">{provider.name}</span>
              {connected ? (
                <Badge variant="success">Connected</Badge>
              ) : (
                <div className="w-auto">
                  <ProviderButton
                    provider={provider}
                    callbackPath="/profile"
                    label="Connect"
                    ariaLabel={`Connect ${provider.name}`}
                    onProblem={setProblem}
                  />
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </Card>
  )
}
