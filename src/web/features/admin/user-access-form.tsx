import { useState } from 'react'
import type { AdminUserDetail } from '../../../shared/contract/admin-users'
import { accessChangeSchema } from '../../../shared/contract/admin-users'
import { ROLES } from '../../../shared/enums'
import { FormField } from '../../components/forms/field'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { SubmitButton } from '../../components/forms/submit-button'
import { useForm } from '../../components/forms/use-form'
import { Button } from '../../components/ui/button'
import { Select } from '../../components/ui/select'
import { toast } from '../../components/ui/toast-store'
import { type AccessForm, accessChange, toggleFunction } from './access-change'
import { useUpdateUserAccess } from './admin-users-api'
import { StaffFunctionsFieldset } from './staff-functions-fieldset'
import { ROLE_LABELS, STAFF_FUNCTION_LABELS } from './user-labels'
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
  const change = accessChange(current, form)
  const allowed = user.abilities.changeRole
  const access = useForm({
    schema: accessChangeSchema,
    submission: update,
    // The change is worked out from the form's state, not read from its fields.
    prepare: () => ({ ...change }),
    onValid: (data) =>
      update.mutate(data, {
        onSuccess: (saved) => {
          const functions = saved.staffFunctions.map((fn) => STAFF_FUNCTION_LABELS[fn]).join(', ')
          toast.success(
            'Access updated',
            saved.role === 'staff'
              ? `${saved.name} is staff with ${functions || 'no staff functions'}.`
              : `${saved.name} is now ${saved.role === 'admin' ? 'an admin' : 'a user'}.`,
          )
        },
      }),
  })
  const { errors } = access

  return (
    <UserSection title="Role and staff functions">
      <form {...access.props} className="flex flex-col gap-4">
        <FormField
          label="Role"
          error={errors.role}
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
          <StaffFunctionsFieldset
            chosen={form.staffFunctions}
            disabled={!allowed}
            error={errors.staffFunctions}
            onToggle={(fn, on) => setForm(toggleFunction(form, fn, on))}
          />
        )}
        {form.role === 'admin' && (
          <p className="text-sm text-fg-muted">Admins hold every staff function and manage users.</p>
        )}
        {form.role === 'user' && <p className="text-sm text-fg-muted">Users hold no staff functions.</p>}

        {access.failure && <ProblemAlert title="Could not change access" detail={access.failure} />}
        {allowed && (
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={access.pending} disabled={!change}>
              Save changes
            </SubmitButton>
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
