import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import {
  type SecuritySettings,
  securitySettingsSchema,
  TWO_FACTOR_GRACE_DAYS,
  type TwoFactorRequirement,
} from '../../../shared/contract/two-factor'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { SettingsPage } from '../../components/layout/settings-page'
import { Button } from '../../components/ui/button'
import { toast } from '../../components/ui/toast-store'
import { api } from '../../lib/api'
import { sessionKey } from '../accounts/sessions/session'
import { UserSection } from './user-section'

const SETTINGS = '/api/admin/security-settings'
const settingsKey = ['admin', 'security-settings'] as const
/** What each choice of the requirement means, as the page says it. */
const CHOICES: { value: TwoFactorRequirement; label: string; meaning: string }[] = [
  {
    value: 'admins',
    label: 'Admins',
    meaning: `Every admin must set up two-factor sign-in within ${TWO_FACTOR_GRACE_DAYS} days of their first sign-in (or of this change). Until then they see a reminder; after that they can do nothing else until it is set up. Staff and customers may choose.`,
  },
  {
    value: 'staff',
    label: 'Staff and admins',
    meaning: `The same for every staff member too: ${TWO_FACTOR_GRACE_DAYS} days, then nothing else until it is set up. Customers may choose.`,
  },
  {
    value: 'off',
    label: 'Nobody',
    meaning:
      'Two-factor sign-in is optional for everyone. An admin whose password is stolen can be signed in as by whoever has it.',
  },
]

/** /admin/security: who must use two-factor sign-in. */
export function SecuritySettingsPage() {
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get(SETTINGS, { signal, schema: securitySettingsSchema }),
  })
  return (
    <SettingsPage
      title="Security settings"
      description="How staff and admins sign in."
      icon={ShieldCheck}
      settings={settings}
      action="change the security settings"
      placeholderClassName="mt-4 h-40"
    >
      {(saved) => <SettingsForm key={saved.twoFactorRequirement} saved={saved} />}
    </SettingsPage>
  )
}

function SettingsForm({ saved }: { saved: SecuritySettings }) {
  const queryClient = useQueryClient()
  const [requirement, setRequirement] = useState(saved.twoFactorRequirement)
  const update = useMutation({
    mutationFn: (change: SecuritySettings) => api.patch(SETTINGS, change, { schema: securitySettingsSchema }),
    onSuccess: async (next) => {
      queryClient.setQueryData(settingsKey, next)
      // The admin saving it is bound by it too: the session says whether they must enrol now.
      await queryClient.invalidateQueries({ queryKey: sessionKey })
      toast.success('Security settings saved')
    },
  })
  const changed = requirement !== saved.twoFactorRequirement
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (changed) update.mutate({ twoFactorRequirement: requirement })
  }
  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-6">
      <UserSection title="Two-factor sign-in">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm text-fg">Who must use two-factor sign-in</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="flex items-start gap-3 text-sm font-medium text-fg">
              <input
                type="radio"
                name="twoFactorRequirement"
                value={choice.value}
                className="mt-0.5 accent-accent"
                checked={requirement === choice.value}
                onChange={() => setRequirement(choice.value)}
              />
              <span>
                {choice.label}
                <span className="block font-normal text-fg-muted">{choice.meaning}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </UserSection>
      {update.isError && <ProblemAlert title="Could not save the settings" error={update.error} />}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={update.isPending} disabled={!changed}>
          Save settings
        </Button>
      </div>
    </form>
  )
}
