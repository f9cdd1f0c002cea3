import { Download, Printer, ShieldCheck } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { z } from 'zod'
import { authenticatorCodeSchema, type TwoFactorSetup } from '../../../../shared/contract/two-factor'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { type FormSubmission, useForm } from '../../../components/forms/use-form'
import { useSiteNameContext } from '../../../components/layout/site-name'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardFooter, CardHeader } from '../../../components/ui/card'
import { copyText } from '../../../components/ui/copy-text'
import { Input } from '../../../components/ui/input'
import { PasswordInput } from '../../../components/ui/password-input'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { downloadRecoveryCodes } from './recovery-codes-file'
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRefreshTwoFactor,
  useRenewRecoveryCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from './two-factor-api'

/**
 * Two-factor sign-in on the profile (and on the enrolment page the admins' requirement sends staff
 * to): set up an authenticator app from a QR code or its key, confirm with a code, keep the recovery
 * codes (shown once); then renew the codes or turn it off.
 */
export function TwoFactorCard({ hasPassword = true }: { hasPassword?: boolean }) {
  const titleId = useId()
  const status = useTwoFactorStatus()
  const [codes, setCodes] = useState<string[]>()
  const refresh = useRefreshTwoFactor()

  const enabled = status.data?.enabled ?? false
  // New codes come from turning it on or renewing them: on either way, before the list is put away.
  const showCodes = (next: string[]) => {
    setCodes(next)
    void refresh()
  }
  return (
    <Card aria-labelledby={titleId} id="two-factor">
      <CardHeader
        id={titleId}
        title="Two-factor sign-in"
        description="A code from an authenticator app on your phone, asked for after your password."
        aside={
          status.data && <Badge variant={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>
        }
      />
      {status.isPending ? (
        <Skeleton className="h-24" />
      ) : status.isError ? (
        <Alert
          variant="danger"
          title="Could not load your two-factor sign-in"
          action={
            <Button variant="secondary" loading={status.isFetching} onClick={() => void status.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(status.error)}
        </Alert>
      ) : codes ? (
        <RecoveryCodesList
          codes={codes}
          onDone={async () => {
            setCodes(undefined)
            await refresh()
          }}
        />
      ) : enabled ? (
        <EnabledView
          enabledAt={status.data.enabledAt}
          left={status.data.recoveryCodesLeft}
          required={status.data.required}
          hasPassword={hasPassword}
          onCodes={showCodes}
        />
      ) : (
        <SetUp required={status.data.required} onCodes={showCodes} />
      )}
    </Card>
  )
}

function SetUp({ required, onCodes }: { required: boolean; onCodes: (codes: string[]) => void }) {
  const start = useStartTwoFactor()
  const [setup, setSetup] = useState<TwoFactorSetup>()
  if (!setup) {
    return (
      <div className="flex flex-col gap-4">
        {required && (
          <Alert variant="warning" title="Your account needs two-factor sign-in">
            The administrators require it for staff and admin accounts. Set it up to continue.
          </Alert>
        )}
        <p className="text-sm text-fg-muted">
          You need an authenticator app, such as Google Authenticator, Microsoft Authenticator, 1Password or
          Aegis.
        </p>
        {start.isError && (
          <Alert variant="danger" title="Could not start the set-up">
            {errorMessage(start.error)}
          </Alert>
        )}
        <CardFooter>
          <Button loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setSetup })}>
            <ShieldCheck aria-hidden="true" />
            Set up two-factor sign-in
          </Button>
        </CardFooter>
      </div>
    )
  }
  return <ConfirmSetUp setup={setup} onCancel={() => setSetup(undefined)} onCodes={onCodes} />
}

const appCodeSchema = z.object({ code: authenticatorCodeSchema })

/**
 * A form that asks for the 6-digit code from the authenticator app, with what comes before the field
 * (the set-up steps, a warning) and what the submit button says.
 */
function AppCodeForm({
  submission,
  onCode,
  onCancel,
  failureTitle,
  submitLabel,
  children,
}: {
  submission: FormSubmission
  onCode: (code: string) => void
  onCancel: () => void
  failureTitle: string
  submitLabel: string
  children: ReactNode
}) {
  const form = useForm({ schema: appCodeSchema, submission, onValid: ({ code }) => onCode(code) })
  return (
    <form {...form.props} className="flex flex-col gap-4">
      {children}
      <FormField label="Code from the app" error={form.errors.code} required className="max-w-60">
        <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
      </FormField>
      <FormFailure title={failureTitle} failure={form.failure} />
      <CardFooter>
        <SubmitButton pending={form.pending}>{submitLabel}</SubmitButton>
        <Button variant="ghost" onClick={onCancel} disabled={form.pending}>
          Cancel
        </Button>
      </CardFooter>
    </form>
  )
}

function ConfirmSetUp({
  setup,
  onCancel,
  onCodes,
}: {
  setup: TwoFactorSetup
  onCancel: () => void
  onCodes: (codes: string[]) => void
}) {
  const confirm = useConfirmTwoFactor()
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret
  return (
    <AppCodeForm
      submission={confirm}
      onCode={(code) =>
        confirm.mutate(code, {
          onSuccess: (result) => {
            toast.success('Two-factor sign-in is on')
            onCodes(result.recoveryCodes)
          },
        })
      }
      onCancel={onCancel}
      failureTitle="Two-factor sign-in was not turned on"
      submitLabel="Turn on"
    >
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm text-fg">
        <li>
          Scan this QR code with your authenticator app.
          <img
            src={setup.qrCode}
            alt="QR code to add this account to an authenticator app"
            width={180}
            height={180}
            className="mt-2 rounded-md border border-border bg-white p-2"
          />
        </li>
        <li>
          Or type this key into the app:{' '}
          <code
            data-testid="two-factor-secret"
            className="rounded bg-surface-muted px-1.5 py-0.5 font-mono break-all"
          >
            {grouped}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
    </AppCodeForm>
  )
}

function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const titleId = useId()
  const siteName = useSiteNameContext()
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="warning" title="Save your recovery codes now">
        Each one signs you in once if you lose your phone. Keep them somewhere safe, such as a password
        manager: they are not shown again.
      </Alert>
      <h3 id={titleId} className="sr-only">
        Recovery codes
      </h3>
      <ol aria-labelledby={titleId} className="grid grid-cols-2 gap-2 font-mono text-sm text-fg">
        {codes.map((code) => (
          <li key={code} className="rounded bg-surface-muted px-2 py-1">
            {code}
          </li>
        ))}
      </ol>
      <CardFooter>
        <Button
          variant="secondary"
          onClick={() =>
            void copyText(
              codes.join('\n'),
              'Recovery codes copied',
              'Select the codes and copy them yourself.',
            )
          }
        >
          Copy the codes
        </Button>
        <Button variant="secondary" onClick={() => downloadRecoveryCodes(siteName, codes)}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </CardFooter>
    </div>
  )
}

type Panel = 'none' | 'renew' | 'disable'

function EnabledView({
  enabledAt,
  left,
  required,
  hasPassword,
  onCodes,
}: {
  enabledAt: string | null
  left: number
  required: boolean
  hasPassword: boolean
  onCodes: (codes: string[]) => void
}) {
  const [panel, setPanel] = useState<Panel>('none')
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg">
        On{enabledAt ? ` since ${formatDate(enabledAt)}` : ''}. {left} of 10 recovery codes left.
      </p>
      {left <= 2 && (
        <Alert variant="warning" title="You are running out of recovery codes">
          Make new ones so you can still sign in if you lose your phone.
        </Alert>
      )}
      {panel === 'renew' ? (
        <RenewForm onCancel={() => setPanel('none')} onCodes={onCodes} />
      ) : panel === 'disable' ? (
        <DisableForm hasPassword={hasPassword} required={required} onCancel={() => setPanel('none')} />
      ) : (
        <CardFooter>
          <Button variant="secondary" onClick={() => setPanel('renew')}>
            New recovery codes
          </Button>
          <Button variant="ghost" onClick={() => setPanel('disable')}>
            Turn off
          </Button>
        </CardFooter>
      )}
    </div>
  )
}

function RenewForm({ onCancel, onCodes }: { onCancel: () => void; onCodes: (codes: string[]) => void }) {
  const renew = useRenewRecoveryCodes()
  return (
    <AppCodeForm
      submission={renew}
      onCode={(code) => renew.mutate(code, { onSuccess: (result) => onCodes(result.recoveryCodes) })}
      onCancel={onCancel}
      failureTitle="No new codes were made"
      submitLabel="Make new codes"
    >
      <p className="text-sm text-fg-muted">
        Your old recovery codes stop working when the new ones are made.
      </p>
    </AppCodeForm>
  )
}

/** Something typed (sent as typed: a password may start or end with a space). */
const filled = (message: string) => z.string().refine((value) => value.trim() !== '', message)
const passwordProofSchema = z.object({ password: filled('Enter your password') })
const codeProofSchema = z.object({ code: filled('Enter a code from your app or a recovery code') })

function DisableForm({
  hasPassword,
  required,
  onCancel,
}: {
  hasPassword: boolean
  required: boolean
  onCancel: () => void
}) {
  const disable = useDisableTwoFactor()
  const form = useForm({
    schema: hasPassword ? passwordProofSchema : codeProofSchema,
    submission: disable,
    onValid: (proof) =>
      disable.mutate(proof, { onSuccess: () => toast.success('Two-factor sign-in is off') }),
  })
  const { errors } = form
  return (
    <form {...form.props} className="flex flex-col gap-4">
      {required && (
        <Alert variant="warning" title="The administrators require it">
          If you turn it off you will be asked to set it up again before you can continue.
        </Alert>
      )}
      {hasPassword ? (
        <FormField label="Your password" error={errors.password} required className="max-w-80">
          <PasswordInput name="password" autoComplete="current-password" />
        </FormField>
      ) : (
        <FormField
          label="Code from the app, or a recovery code"
          error={errors.code}
          required
          className="max-w-80"
        >
          <Input name="code" autoComplete="one-time-code" maxLength={64} />
        </FormField>
      )}
      <FormFailure title="Two-factor sign-in is still on" failure={form.failure} />
      <CardFooter>
        <SubmitButton variant="danger" pending={form.pending}>
          Turn off two-factor sign-in
        </SubmitButton>
        <Button variant="ghost" onClick={onCancel} disabled={form.pending}>
          Cancel
        </Button>
      </CardFooter>
    </form>
  )
}
