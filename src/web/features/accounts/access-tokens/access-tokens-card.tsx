import { Copy, TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import {
  ACCESS_TOKEN_EXPIRY_DAYS,
  type CreatedAccessToken,
  createAccessTokenSchema,
} from '../../../../shared/contract/access-tokens'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardFooter, CardHeader } from '../../../components/ui/card'
import { copyText } from '../../../components/ui/copy-text'
import { EmptyState } from '../../../components/ui/empty-state'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api'
import { useSession } from '../sessions/session'
import { AccessTokenList } from './access-token-list'
import { useCreateAccessToken, useMyAccessTokens, useRevokeMyAccessToken } from './access-tokens-api'

const EXPIRY_LABELS: Record<(typeof ACCESS_TOKEN_EXPIRY_DAYS)[number], string> = {
  7: '7 days',
  30: '30 days',
  90: '90 days',
  365: '1 year',
}

/**
 * The user's personal access tokens for scripts and integrations: make one (its secret is shown once,
 * with a copy button), see when each was last used, revoke any. See docs/api.md.
 */
export function AccessTokensCard() {
  const titleId = useId()
  const signedIn = useSession().status === 'authenticated'
  const tokens = useMyAccessTokens(signedIn)
  const create = useCreateAccessToken()
  const revoke = useRevokeMyAccessToken()
  const [created, setCreated] = useState<CreatedAccessToken>()
  const form = useForm({
    schema: createAccessTokenSchema,
    submission: create,
    prepare: (fields) => ({ ...fields, expiresInDays: Number(fields.expiresInDays) }),
    onValid: (data) =>
      create.mutate(data, {
        onSuccess: (token) => {
          form.props.ref.current?.reset()
          setCreated(token)
        },
      }),
  })
  const { errors } = form

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Access tokens"
        description="For scripts and integrations that call the API as you: send a token as “Authorization: Bearer …”. A read-only token can read everything you can and change nothing. Resetting your password with a reset link revokes every token; changing it here offers to."
      />
      {created ? (
        <NewTokenSecret token={created} onDone={() => setCreated(undefined)} />
      ) : (
        <form {...form.props} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Name" error={errors.name} hint="What the token is for." required>
              <Input name="name" maxLength={100} autoComplete="off" />
            </FormField>
            <FormField label="Access" error={errors.scope} required>
              <Select name="scope" defaultValue="read-only">
                <option value="read-only">Read only</option>
                <option value="read-write">Read and write</option>
              </Select>
            </FormField>
            <FormField label="Expires after" error={errors.expiresInDays} required>
              <Select name="expiresInDays" defaultValue="30">
                {ACCESS_TOKEN_EXPIRY_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {EXPIRY_LABELS[days]}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <FormFailure title="The token was not made" failure={form.failure} />
          <CardFooter>
            <SubmitButton pending={form.pending}>Make token</SubmitButton>
          </CardFooter>
        </form>
      )}
      {tokens.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span role="status" className="sr-only">
            Loading your access tokens
          </span>
          <Skeleton className="h-16 w-full" />
        </div>
      ) : tokens.isError ? (
        <EmptyState
          tone="danger"
          icon={TriangleAlert}
          headingLevel="h3"
          title="Your access tokens could not be loaded"
          description={errorMessage(tokens.error)}
          action={
            <Button variant="secondary" loading={tokens.isFetching} onClick={() => tokens.refetch()}>
              Try again
            </Button>
          }
        />
      ) : tokens.data.length === 0 ? (
        <EmptyState headingLevel="h3" title="No access tokens" description="You have not made any tokens." />
      ) : (
        <AccessTokenList tokens={tokens.data} whose="Your" revoke={revoke} />
      )}
    </Card>
  )
}

/** The secret of the token just made: shown this once, with a copy button. */
function NewTokenSecret({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const fieldId = useId()
  const copy = async () => {
    await copyText(token.token, 'Token copied', 'Select the token and copy it.')
  }
  return (
    <Alert
      variant="success"
      title={`Token “${token.name}” made`}
      action={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy token
          </Button>
          <Button size="sm" variant="secondary" onClick={onDone}>
            Done
          </Button>
        </div>
      }
    >
      <p className="mb-2">Copy it now: it is not shown again. Keep it as secret as a password.</p>
      <label htmlFor={fieldId} className="sr-only">
        The new access token
      </label>
      <Input
        id={fieldId}
        readOnly
        value={token.token}
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
    </Alert>
  )
}
