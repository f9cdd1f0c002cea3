import { type FormEvent, useId, useState } from 'react'
import { invitationCreateSchema } from '../../../shared/contract/invitations'
import { ROLES, type Role, STAFF_FUNCTIONS, type StaffFunction } from '../../../shared/enums'
import { FormField } from '../../components/forms/field'
import { ProblemAlert } from '../../components/forms/problem-alert'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import { Input } from '../../components/ui/input'
import { Select } from '../../components/ui/select'
import { toast } from '../../components/ui/toast-store'
import { fieldError } from '../../lib/api-error'
import { useInvite } from './invitations-api'
import { ROLE_LABELS, STAFF_FUNCTION_HINTS, STAFF_FUNCTION_LABELS } from './user-labels'

/** Invites a person by e-mail with a role (and, for staff, functions). */
export function InviteForm() {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('staff')
  const [functions, setFunctions] = useState<StaffFunction[]>([])
  const [emailError, setEmailError] = useState<string>()
  const invite = useInvite()
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = invitationCreateSchema.safeParse({ email, role, staffFunctions: functions })
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message)
      return
    }
    setEmailError(undefined)
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast.success('Invitation sent', `${sent.email} can accept it within 7 days.`)
        setEmail('')
        setFunctions([])
      },
    })
  }

  const serverEmailError = fieldError(invite.error, 'email')
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField label="E-mail address" error={emailError ?? serverEmailError} required>
          <Input
            name="email"
            type="email"
            autoComplete="off"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <FormField label="Role">
          <Select value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {role === 'staff' && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-fg">Staff functions</legend>
          {STAFF_FUNCTIONS.map((fn) => (
            <div key={fn} className="flex items-start gap-3">
              <Checkbox
                id={`${id}-${fn}`}
                className="mt-0.5"
                checked={functions.includes(fn)}
                aria-describedby={`${id}-${fn}-hint`}
                onChange={(event) =>
                  setFunctions(
                    event.target.checked ? [...functions, fn] : functions.filter((held) => held !== fn),
                  )
                }
              />
              <div className="flex flex-col">
                <label htmlFor={`${id}-${fn}`} className="text-sm font-medium text-fg">
                  {STAFF_FUNCTION_LABELS[fn]}
                </label>
                <span id={`${id}-${fn}-hint`} className="text-sm text-fg-muted">
                  {STAFF_FUNCTION_HINTS[fn]}
                </span>
              </div>
            </div>
          ))}
        </fieldset>
      )}
      {invite.isError && !serverEmailError && <ProblemAlert title="Could not invite" error={invite.error} />}
      <div>
        <Button type="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </div>
    </form>
  )
}
