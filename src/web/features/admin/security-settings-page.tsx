import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { type SecuritySettings, securitySettingsSchema } from '../../../shared/contract/two-factor'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { SettingsPage } from '../../components/layout/settings-page'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import { toast } from '../../components/ui/toast-store'
import { api } from '../../lib/api'
import { sessionKey } from '../accounts/session'
import { UserSection } from './user-section'

const SETTINGS = '/api/admin/security-settings'
const settingsKey = ['admin', 'security-settings'] as const
/** /admin/security: whether staff and admins must use two-factor sign-in. */
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
      {(saved) => <SettingsForm key={String(saved.requireTwoFactorForStaff)} saved={saved} />}
    </SettingsPage>
  )
}

function SettingsForm({ saved }: { saved: SecuritySettings }) {
  const queryClient = useQueryClient()
  const [require, setRequire] = useState(saved.requireTwoFactorForStaff)
  const update = useMutation({
    mutationFn: (change: SecuritySettings) => api.patch(SETTINGS, change, { schema: securitySettingsSchema }),
    onSuccess: async (next) => {
      queryClient.setQueryData(settingsKey, next)
      // The admin saving it is bound by it too: the session says whether they must enrol now.
      await queryClient.invalidateQueries({ queryKey: sessionKey })
      toast.success('Security settings saved')
    },
  })
  const changed = require !== saved.requireTwoFactorForStaff
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (changed) update.mutate({ requireTwoFactorForStaff: require })
  }
  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-6">
      <UserSection title="Two-factor sign-in">
        <div className="flex items-start gap-3">
          <Checkbox
            id="require-two-factor"
            className="mt-0.5"
            checked={require}
            onChange={(event) => setRequire(event.target.checked)}
          />
          <label htmlFor="require-two-factor" className="text-sm font-medium text-fg">
            Require two-factor sign-in for staff and admins
            <span className="block font-normal text-fg-muted">
              Staff and admins without it are asked to set it up after they sign in, before they can do
              anything else. That includes you, if you have not set it up yet. Customers may still choose.
            </span>
          </label>
        </div>
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
