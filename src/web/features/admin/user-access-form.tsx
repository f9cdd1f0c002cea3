import { type FormEvent, useId, useState } from 'react'
import { ROLES, STAFF_FUNCTIONS } from '../../../shared/enums'
import { FormField } from '../../components/forms/field'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import { Select } from '../../components/ui/select'
import { toast } from '../../components/ui/toast-store'
import { fieldError } from '../../lib/api-error'
import { type AccessForm, accessChange, toggleFunction } from './access-change'
import { type AdminUserDetail, useUpdateUserAccess } from './admin-users-api'
import { ROLE_LABELS, STAFF_FUNCTION_HINTS, STAFF_FUNCTION_LABELS } from './user-labels'
import { UserSection } from './user-section'

/** Role and staff functions. The server has the last word; its refusal shows here. */
export function UserAccessForm({ user }: { user: AdminUserDetail }) {
  const current: AccessForm = { role: user.role, staffFunctions: user.staffFunctions }
  const [form, setForm] = useState<AccessForm>(current)
  // When the saved user changes (this form saved, or a refetch), start again from it.
  const version = `${user.role}|${user.staffFunctions.join()}`
  const [formVersion, setFormVersion] = useState(version)
  if (formVersion !== version) {
    setFormVersion(version)
    setForm(current)
  }
  const update = useUpdateUserAccess(user.id)
  const functionsId = useId()
  const change = accessChange(current, form)
  const allowed = user.abilities.changeRole

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!change) return
    update.mutate(change, {
      onSuccess: (saved) => {
        const functions = saved.staffFunctions.map((fn) => STAFF_FUNCTION_LABELS[fn]).join(', ')
        toast.success(
          'Access updated',
          saved.role === 'staff'
            ? `${saved.name} is staff with ${functions || 'no staff functions'}.`
            : `${saved.name} is now ${saved.role === 'admin' ? 'an admin' : 'a user'}.`,
        )
      },
    })
  }

  const roleError = fieldError(update.error, 'role')
  const functionsError = fieldError(update.error, 'staffFunctions')
  return (
    <UserSection title="Role and staff functions">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormField
          label="Role"
          error={roleError}
          hint={
            allowed
              ? undefined
              : 'You cannot change this role: admins cannot demote themselves, and the last admin must stay an admin.'
          }
        >
          <Select
            className="max-w-60"
            value={form.role}
            disabled={!allowed}
            onChange={(event) => setForm({ ...form, role: event.target.value as AccessForm['role'] })}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </FormField>

        {form.role === 'staff' && (
          <fieldset
            className="flex flex-col gap-3"
            aria-describedby={functionsError ? `${functionsId}-error` : undefined}
          >
            <legend className="mb-2 text-sm font-medium text-fg">Staff functions</legend>
            {STAFF_FUNCTIONS.map((fn) => (
              <div key={fn} className="flex items-start gap-3">
                <Checkbox
                  id={`${functionsId}-${fn}`}
                  className="mt-0.5"
                  checked={form.staffFunctions.includes(fn)}
                  disabled={!allowed}
                  aria-describedby={`${functionsId}-${fn}-hint`}
                  onChange={(event) => setForm(toggleFunction(form, fn, event.target.checked))}
                />
                <div className="flex flex-col">
                  <label htmlFor={`${functionsId}-${fn}`} className="text-sm font-medium text-fg">
                    {STAFF_FUNCTION_LABELS[fn]}
                  </label>
                  <span id={`${functionsId}-${fn}-hint`} className="text-sm text-fg-muted">
                    {STAFF_FUNCTION_HINTS[fn]}
                  </span>
                </div>
              </div>
            ))}
            {functionsError && (
              <p id={`${functionsId}-error`} className="text-sm font-medium text-danger-text">
                {functionsError}
              </p>
            )}
          </fieldset>
        )}
        {form.role === 'admin' && (
          <p className="text-sm text-fg-muted">Admins hold every staff function and manage users.</p>
        )}
        {form.role === 'user' && <p className="text-sm text-fg-muted">Users hold no staff functions.</p>}

        {update.isError && !roleError && !functionsError && (
          <ProblemAlert title="Could not change access" error={update.error} />
        )}
        {allowed && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={update.isPending} disabled={!change}>
              Save changes
            </Button>
            {change && (
              <Button variant="ghost" onClick={() => setForm(current)} disabled={update.isPending}>
                Undo changes
              </Button>
            )}
          </div>
        )}
      </form>
    </UserSection>
  )
}
