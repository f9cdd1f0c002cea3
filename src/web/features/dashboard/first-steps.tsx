import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Circle, CircleCheck } from 'lucide-react'
import { Link } from 'react-router'
import { type FirstStepKey, type FirstSteps, firstStepsSchema } from '../../../shared/contract/first-steps'
import { Button } from '../../components/ui/button'
import { Card, CardHeader } from '../../components/ui/card'
import { api, errorMessage } from '../../lib/api'
import { cn } from '../../lib/cn'

// The first steps of a new site, on the admins' dashboard: a logo, a first product, staff and the
// mailbox, each ticked by the server and linked to the page where it is done. The card goes once every
// step is done, or when an admin hides it (remembered on the server, for every admin).

export const FIRST_STEPS_ENDPOINT = '/api/admin/first-steps'
export const firstStepsKey = ['dashboard', 'first-steps'] as const

export const FIRST_STEP_LINKS: Record<FirstStepKey, { label: string; to: string; hint: string }> = {
  logo: { label: 'Add a logo', to: '/admin/site', hint: 'It heads the site and every e-mail.' },
  product: {
    label: 'Add your first product',
    to: '/admin/products/new',
    hint: 'Customers see it in the shop once published.',
  },
  staff: { label: 'Invite staff', to: '/admin/users', hint: 'Give your team the parts they look after.' },
  mailbox: {
    label: 'Connect the mailbox',
    to: '/admin/inbox-settings',
    hint: 'Customers’ answers by e-mail join their conversations (INBOUND_IMAP_URL).',
  },
}

export function useFirstSteps(enabled: boolean) {
  return useQuery({
    queryKey: firstStepsKey,
    queryFn: ({ signal }) => api.get(FIRST_STEPS_ENDPOINT, { signal, schema: firstStepsSchema }),
    enabled,
  })
}

function useHideFirstSteps() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post(`${FIRST_STEPS_ENDPOINT}/hide`, undefined, { schema: firstStepsSchema }),
    onSuccess: (steps) => queryClient.setQueryData(firstStepsKey, steps),
  })
}

export function FirstStepsCard({ steps }: { steps: FirstSteps }) {
  const hide = useHideFirstSteps()
  if (!steps.show) return null
  const left = steps.steps.filter((s) => !s.done).length
  return (
    <Card aria-labelledby="first-steps-title">
      <CardHeader
        id="first-steps-title"
        title="First steps"
        description={`${left} of ${steps.steps.length} still to do to get the site ready.`}
        aside={
          <Button variant="ghost" size="sm" loading={hide.isPending} onClick={() => hide.mutate()}>
            Hide
          </Button>
        }
      />
      <ul className="flex flex-col gap-3">
        {steps.steps.map((step) => {
          const link = FIRST_STEP_LINKS[step.key]
          const Icon = step.done ? CircleCheck : Circle
          return (
            <li key={step.key} className="flex items-start gap-3" data-step={step.key}>
              <Icon
                aria-hidden="true"
                className={cn('mt-0.5 size-5 shrink-0', step.done ? 'text-success-soft-fg' : 'text-fg-muted')}
              />
              <div className="flex flex-col">
                <Link
                  to={link.to}
                  className={cn(
                    'font-medium underline-offset-4 hover:underline',
                    step.done && 'line-through',
                  )}
                >
                  {link.label}
                </Link>
                <span className="text-sm text-fg-muted">
                  {step.done ? 'Done. ' : ''}
                  {link.hint}
                </span>
              </div>
            </li>
          )
        })}
      </ul>
      {hide.isError && (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(hide.error)}
        </p>
      )}
    </Card>
  )
}
