import { useState } from 'react'
import { invitationCreateSchema } from '../../../../shared/contract/invitations'
import { ROLES, type Role, type StaffFunction } from '../../../../shared/enums'
import { FormField } from '../../../components/forms/field'
import { ProblemAlert } from '../../../components/forms/problem-alert'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { toast } from '../../../components/ui/toast-store'
import { StaffFunctionsFieldset } from '../staff-functions-fieldset'
import { ROLE_LABELS } from '../user-labels'
import { useInvite } from './invitations-api'

/** Invites a person by e-mail with a role (and, for staff, functions). */
export function InviteForm() {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('staff')
  const [functions, setFunctions] = useState<StaffFunction[]>([])
  const invite = useInvite()
  const form = useForm({
    schema: invitationCreateSchema,
    submission: invite,
    extra: { staffFunctions: functions },
    onValid: (data) =>
      invite.mutate(data, {
        onSuccess: (sent) => {
          toast.success('Invitation sent', `${sent.email} can accept it within 7 days.`)
          setEmail('')
          setFunctions([])
        },
      }),
  })
  const { errors } = form

  return (
    <form {...form.props} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField label="E-mail address" error={errors.email} required>
          <Input
            name="email"
            type="email"
            autoComplete="off"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <FormField label="Role" error={errors.role}>
          <Select name="role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {role === 'staff' && (
        <StaffFunctionsFieldset
          chosen={functions}
          error={errors.staffFunctions}
          onToggle={(fn, on) =>
            setFunctions(on ? [...functions, fn] : functions.filter((held) => held !== fn))
          }
        />
      )}
      {form.failure && <ProblemAlert title="Could not invite" detail={form.failure} />}
      <div>
        <SubmitButton pending={form.pending}>Send invitation</SubmitButton>
      </div>
    </form>
  )
}
