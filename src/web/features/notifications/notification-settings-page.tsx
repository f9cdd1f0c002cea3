import { CircleAlert, ShieldCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import {
  type DigestFrequency,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsBody,
  notificationSettingsBodySchema,
} from '../../../shared/contract/notifications'
import { FormFailure } from '../../components/forms/form-failure'
import { SubmitButton } from '../../components/forms/submit-button'
import { useForm } from '../../components/forms/use-form'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { Card, CardFooter, CardHeader } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { SegmentedControl } from '../../components/ui/segmented-control'
import { Skeleton } from '../../components/ui/skeleton'
import { errorMessage } from '../../lib/api'
import { NOTIFICATIONS_PATH } from './notification-bell'
import { useNotificationSettings, useSaveNotificationSettings } from './notification-settings-api'

// The reader's notification settings (docs/decisions/0143): per kind, the bell, the bell and the
// e-mail digest, or nothing; how often the digest may come. Account and security notices cannot be
// turned off, and the page says so.

const DELIVERY_OPTIONS: readonly { value: NotificationDelivery; label: string }[] = [
  { value: 'bell', label: 'Bell' },
  { value: 'bell_email', label: 'Bell + e-mail' },
  { value: 'off', label: 'Off' },
]

const KINDS: readonly { kind: NotificationKind; label: string; hint: string }[] = [
  {
    kind: 'files',
    label: 'Files and folders',
    hint: 'Uploads, changes and shares in folders you are a member of.',
  },
  {
    kind: 'shop',
    label: 'Orders and products',
    hint: 'Your own orders and new products; for shop staff, every order and product change.',
  },
  {
    kind: 'inbox',
    label: 'Quote requests and messages',
    hint: 'For staff who answer them: new requests and messages, and those given to you.',
  },
]

export function NotificationSettingsPage() {
  const settings = useNotificationSettings()
  return (
    <>
      <PageTitle title="Notification settings" />
      <PageHeader
        title="Notification settings"
        description="Choose how you hear of each kind of activity: in the bell, in the bell and by e-mail, or not at all."
      />
      <p className="mb-6 text-sm">
        <Link to={NOTIFICATIONS_PATH} className="text-accent hover:underline">
          Back to your notifications
        </Link>
      </p>
      {settings.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : settings.isError ? (
        <EmptyState
          tone="danger"
          icon={CircleAlert}
          title="Could not load your settings"
          description={errorMessage(settings.error)}
          action={<Button onClick={() => void settings.refetch()}>Try again</Button>}
        />
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </>
  )
}

function SettingsForm({ saved }: { saved: NotificationSettings }) {
  const titleId = useId()
  const [choices, setChoices] = useState<NotificationSettingsBody>({
    files: saved.files,
    shop: saved.shop,
    inbox: saved.inbox,
    digest: saved.digest,
  })
  const save = useSaveNotificationSettings()
  const form = useForm({
    schema: notificationSettingsBodySchema,
    submission: save,
    onValid: (data) => save.mutate(data),
  })
  const anyEmail =
    choices.files === 'bell_email' || choices.shop === 'bell_email' || choices.inbox === 'bell_email'
  const hourly = saved.hourlyMinutes === 60 ? 'Hourly' : `Every ${saved.hourlyMinutes} minutes`
  const digestOptions: readonly { value: DigestFrequency; label: string }[] = [
    { value: 'hourly', label: hourly },
    { value: 'daily', label: 'Daily' },
  ]

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="What reaches you"
        description="E-mail comes as one digest of what you have not read yet, never one e-mail per event."
      />
      <form {...form.props} className="flex flex-col gap-6">
        {KINDS.map(({ kind, label, hint }) => (
          <div key={kind} className="flex flex-col gap-1">
            <SegmentedControl
              legend={label}
              name={kind}
              options={DELIVERY_OPTIONS}
              value={choices[kind]}
              onChange={(value) => setChoices((c) => ({ ...c, [kind]: value }))}
            />
            <p className="text-sm text-fg-muted">{hint}</p>
            <FieldError message={form.errors[kind]} />
          </div>
        ))}
        <div className="flex flex-col gap-1">
          <SegmentedControl
            legend="E-mail digest"
            name="digest"
            options={digestOptions}
            value={choices.digest}
            onChange={(value) => setChoices((c) => ({ ...c, digest: value }))}
          />
          <p className="text-sm text-fg-muted">
            {anyEmail
              ? 'At most this often. Entries you read in the app before it goes are left out.'
              : 'Used once you choose “Bell + e-mail” for a kind.'}
          </p>
          <FieldError message={form.errors.digest} />
        </div>
        <div className="flex items-start gap-3 rounded-md border border-border bg-surface-muted p-4 text-sm">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-fg-muted" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold text-fg">Account and security: always on</p>
            <p className="text-fg-muted">
              Changes to your staff functions always show in the bell, and e-mails about your account’s
              security (password reset links, second-factor resets, someone signing up with your address) are
              always sent.
            </p>
          </div>
        </div>
        <FormFailure title="Your settings were not saved" failure={form.failure} />
        <CardFooter>
          <SubmitButton pending={form.pending}>Save settings</SubmitButton>
        </CardFooter>
      </form>
    </Card>
  )
}

function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null
  return <p className="text-sm font-medium text-danger-text">{message}</p>
}
