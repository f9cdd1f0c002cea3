import { RotateCw, Settings } from 'lucide-react'
import { useState } from 'react'
import { accentPalette, HEX_COLOUR } from '../../../shared/color'
import {
  type AdminSiteIdentity,
  SITE_ADDRESS_MAX,
  SITE_DESCRIPTION_MAX,
  SITE_NAME_MAX,
  siteIdentityUpdateSchema,
} from '../../../shared/contract/site'
import { AccessProblem, accessProblemStatus } from '../../components/auth/access-problem'
import { FormField } from '../../components/forms/field'
import { FormFailure } from '../../components/forms/form-failure'
import { SubmitButton } from '../../components/forms/submit-button'
import { useForm } from '../../components/forms/use-form'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Input } from '../../components/ui/input'
import { Skeleton } from '../../components/ui/skeleton'
import { Spinner } from '../../components/ui/spinner'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { UserSection } from '../admin/user-section'
import { useAdminSiteIdentity, useUpdateSiteIdentity } from './site-admin-api'
import { SiteImageEditor } from './site-image-editor'

/** /admin/site: the business behind the site, as visitors, e-mails and receipts show it. */
export function SiteIdentityPage() {
  const identity = useAdminSiteIdentity()
  const denied = accessProblemStatus(identity.error)
  if (denied) return <AccessProblem status={denied} need="admin" action="change the site identity" />
  const header = (
    <>
      <PageTitle title="Site identity" />
      <PageHeader
        title="Site identity"
        description="Your business as visitors and e-mails see it: its name, address, colour, logo and icon."
      />
    </>
  )
  if (identity.isPending) {
    return (
      <div aria-busy="true">
        {header}
        <Spinner label="Loading the site identity" />
        <Skeleton className="mt-4 h-72" />
      </div>
    )
  }
  if (identity.isError) {
    return (
      <>
        {header}
        <EmptyState
          icon={Settings}
          tone="danger"
          title="Could not load the site identity"
          description={errorMessage(identity.error)}
          action={
            <Button onClick={() => void identity.refetch()} loading={identity.isFetching}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          }
        />
      </>
    )
  }
  const data = identity.data
  return (
    <>
      {header}
      <div className="flex max-w-2xl flex-col gap-6">
        {data.warnings.map((warning) => (
          <Alert key={warning} variant="warning" title="Needs your attention">
            {warning}
          </Alert>
        ))}
        {!data.saved && (
          <Alert variant="info" title="Not saved yet">
            These details come from the server’s BUSINESS_NAME and BUSINESS_ADDRESS settings until you save
            them here.
          </Alert>
        )}
        <IdentityForm saved={data} />
        <SiteImageEditor kind="logo" current={data.logoUrl} />
        <SiteImageEditor kind="favicon" current={data.faviconUrl} />
      </div>
    </>
  )
}

interface Draft {
  name: string
  description: string
  address: string
  supportEmail: string
  accentColor: string
}

const draftOf = (s: AdminSiteIdentity): Draft => ({
  name: s.name,
  description: s.description,
  address: s.address,
  supportEmail: s.supportEmail ?? '',
  accentColor: s.accentColor,
})

function IdentityForm({ saved }: { saved: AdminSiteIdentity }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved))
  const update = useUpdateSiteIdentity()
  const form = useForm({
    schema: siteIdentityUpdateSchema,
    submission: update,
    onValid: (data) =>
      update.mutate(data, {
        onSuccess: (next) => {
          setDraft(draftOf(next))
          toast.success('Site identity saved')
        },
      }),
  })
  const { errors } = form
  const set = (field: keyof Draft) => (event: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [field]: event.currentTarget.value })
  const colourValid = HEX_COLOUR.test(draft.accentColor.trim())

  return (
    <form {...form.props} className="flex flex-col gap-6">
      <UserSection title="Business">
        <FormField
          label="Business name"
          error={errors.name}
          required
          hint="In the header, page titles and e-mails."
        >
          <Input
            name="name"
            value={draft.name}
            onChange={set('name')}
            maxLength={SITE_NAME_MAX}
            autoComplete="organization"
          />
        </FormField>
        <FormField label="Short description" error={errors.description} hint="The home page’s headline.">
          <Textarea
            name="description"
            rows={2}
            value={draft.description}
            onChange={set('description')}
            maxLength={SITE_DESCRIPTION_MAX}
          />
        </FormField>
        <FormField
          label="Postal address"
          error={errors.address}
          hint="One line per line of the address. Shown in the footer and at the end of every e-mail."
        >
          <Textarea
            name="address"
            rows={3}
            value={draft.address}
            onChange={set('address')}
            maxLength={SITE_ADDRESS_MAX}
            autoComplete="street-address"
          />
        </FormField>
        <FormField
          label="Support e-mail"
          error={errors.supportEmail}
          hint="Optional. Where customers can write to you."
        >
          <Input
            name="supportEmail"
            type="email"
            inputMode="email"
            value={draft.supportEmail}
            onChange={set('supportEmail')}
            autoComplete="email"
          />
        </FormField>
      </UserSection>
      <UserSection title="Accent colour">
        <div className="flex flex-wrap items-end gap-3">
          <FormField
            label="Colour"
            error={errors.accentColor}
            hint="A hex colour such as #4338ca. We adjust its shade where needed so text stays readable."
            className="min-w-48 flex-1"
          >
            <Input
              name="accentColor"
              value={draft.accentColor}
              onChange={set('accentColor')}
              maxLength={7}
              spellCheck={false}
            />
          </FormField>
          <label className="mb-7 flex flex-col gap-1.5 text-sm font-medium text-fg">
            Pick
            <input
              type="color"
              value={colourValid ? draft.accentColor.trim().toLowerCase() : '#4338ca'}
              onChange={set('accentColor')}
              className="h-10 w-14 cursor-pointer rounded-md border border-border-strong bg-surface"
            />
          </label>
        </div>
        {colourValid && <AccentPreview hex={draft.accentColor.trim()} />}
      </UserSection>
      <FormFailure title="The site identity was not saved" failure={form.failure} />
      <div>
        <SubmitButton pending={form.pending}>Save site identity</SubmitButton>
      </div>
    </form>
  )
}

/** The accent as buttons will show it, in both themes. */
function AccentPreview({ hex }: { hex: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg-muted">How buttons and links will look in the light and dark themes:</p>
      <div className="flex flex-wrap gap-3">
        {(['light', 'dark'] as const).map((theme) => {
          const p = accentPalette(hex, theme)
          return (
            <div
              key={theme}
              className="flex items-center gap-3 rounded-md border border-border p-3"
              style={{ background: theme === 'light' ? '#ffffff' : '#111827' }}
            >
              <span
                className="rounded-md px-3 py-1.5 text-sm font-semibold"
                style={{ background: p.accent, color: p.accentFg }}
              >
                Button
              </span>
              <span className="text-sm font-medium" style={{ color: p.accent }}>
                {theme === 'light' ? 'Light theme link' : 'Dark theme link'}
              </span>
            </div>
          )
        })}
      </div>
    </div>
  )
}
